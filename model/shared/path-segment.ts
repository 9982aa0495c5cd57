/**
 * One step of a path into a parsed document: a map key or a list index. Shared by the fleet
 * loader (where a value was written) and the validation of generated manifests (where a value
 * failed), so both print and compare paths the same way.
 */
export type PathSegment = string | number;
