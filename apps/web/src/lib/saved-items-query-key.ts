/** The customer's saved configurations: listed by Saved Items, refreshed when a product is saved. */
export const SAVED_ITEMS_QUERY_KEY = ['saved-items'] as const;
