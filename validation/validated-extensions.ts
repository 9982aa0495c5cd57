/** Files of dist/ the validator reads; others (e.g. README.md) are left alone. */
export const VALIDATED_EXTENSIONS = /\.(ya?ml|json)$/;
