/**
 * The longest text (in characters, after trimming) each free-text field of the content forms
 * accepts: the server's schemas cap the fields with these, and the browser stops typing at them
 * and counts towards them. Zod-free, for the browser.
 */
export const contentTextLimits = {
  writeToUs: { content: 5_000 },
  enquiry: { name: 200, queryData: 5_000, productService: 200 },
  membership: { companyName: 200, vatNumber: 50, registrationNumber: 100, companyAddress: 500 },
} as const;
