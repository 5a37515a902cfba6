/**
 * The marketplace's and the saved items' messages (portal.md §8, vm-lifecycle.md §5 and §8), shared
 * by the browser and the server. Zod-free: the browser imports it.
 */
export const marketplaceMessages = {
  dataNotFound: 'Data Not Found',
  noDataAvailable: 'No data available',
  noDataToDisplay: 'No data to display',
  productNotFound: 'This product is not available',
  selectRegion: 'Please select Region',
  selectTimePeriod: 'Please select Time Period',
  regionNotOffered: 'This region is not offered for this product',
  timePeriodNotOffered: 'This time period is not offered',
  processorFollowsMemory: 'The processor count follows the chosen memory',
  priceChanged: 'The price has changed. Please check the new total and try again.',
  productSaved: 'Your product has been successfully saved',
  alreadySaved: 'Already in your saved items',
  savedItemNotFound: 'This saved product does not exist',
  savedItemDeleted: 'Saved product deleted',
  savedItemsFull: 'You can keep up to 100 saved products. Delete one to save another.',
} as const;
