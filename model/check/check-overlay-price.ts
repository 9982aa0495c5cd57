/** A NodeOverlay's price: an absolute `price` or a `priceAdjustment`, not both, each in the CRD's pattern. */
import { CheckContext } from './check-context';
import { PathSegment } from '../parse/located';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';

/** The NodeOverlay CRD's patterns. */
const PRICE = /^\d+(\.\d+)?$/;
const PRICE_ADJUSTMENT = /^(([+-]{1}(\d*\.?\d+))|(\+{1}\d*\.?\d+%)|(^(-\d{1,2}(\.\d+)?%)$)|(-100%))$/;

export function checkOverlayPrice(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  overlay: RawNodeOverlay,
): void {
  if (overlay.price !== undefined && overlay.priceAdjustment !== undefined) {
    ctx.error(
      at('priceAdjustment'),
      "cannot set both 'price' and 'priceAdjustment'",
      'Keep price (an absolute price) or priceAdjustment (a change to the AWS price), not both',
      'key',
    );
  }
  if (overlay.price !== undefined && !PRICE.test(String(overlay.price))) {
    ctx.error(
      at('price'),
      `'${show(String(overlay.price))}' is not a price (a non-negative decimal such as 0.52)`,
      'Write the hourly price in quotes, e.g. price: "0.52"',
    );
  }
  if (overlay.priceAdjustment !== undefined && !PRICE_ADJUSTMENT.test(overlay.priceAdjustment)) {
    ctx.error(
      at('priceAdjustment'),
      `'${show(overlay.priceAdjustment)}' is not a price adjustment`,
      'Write a signed amount or percentage in quotes: "-0.1", "+0.05", "+10%" or "-15%" (a decrease is at most -100%)',
    );
  }
}
