/**
 * A configuration carried in a /productdetails/{id} link (Saved Items' View), which the page
 * restores: the counts, the period in days and the region, 0 for "none chosen".
 */
type ProductDetailsChoice = {
  memory: number;
  disk: number;
  processor: number;
  period: number;
  region: number;
};

/** The values of a link's query, each null when absent or not a whole, non-negative number. */
type ProductDetailsQuery = { [Name in keyof ProductDetailsChoice]: number | null };

const QUERY_NAMES = ['memory', 'disk', 'processor', 'period', 'region'] as const;

/** /productdetails/{id}, with the configuration to open it with when there is one. */
export function productDetailsPath(
  productId: number | string,
  choice?: ProductDetailsChoice,
): string {
  const path = `/productdetails/${encodeURIComponent(String(productId))}`;
  if (choice === undefined) return path;
  const query = new URLSearchParams(QUERY_NAMES.map((name) => [name, String(choice[name])]));
  return `${path}?${query.toString()}`;
}

/** A whole, non-negative number from a query value, else null ("", "abc", "1.5", "-2"). */
function readCount(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** What a /productdetails/{id} link's query asks for; the page checks it against the product. */
export function readProductDetailsQuery(params: URLSearchParams): ProductDetailsQuery {
  return {
    memory: readCount(params.get('memory')),
    disk: readCount(params.get('disk')),
    processor: readCount(params.get('processor')),
    period: readCount(params.get('period')),
    region: readCount(params.get('region')),
  };
}
