import type { FastifyInstance } from 'fastify';
import { post } from './accounts';

/**
 * The CreateOrder request of the marketplace's Ubuntu Starter card (4 GB, 100 GB, 2 vCPU) in
 * Johannesburg for 90 days, paid with the Sandbox gateway: 1 260.00 + VAT = 1 366.20.
 */
export async function ubuntuStarterOrder(app: FastifyInstance) {
  const data = (await post(app, '/api/marketPlace/getProducts', { pageSize: 48 })).json().data;
  const card = [...data.VMProducts, ...data.GoldVMData].find(
    (product: { productName: string }) => product.productName === 'Ubuntu Starter',
  );
  const region = data.filterData.country.find(
    (entry: { name: string }) => entry.name === 'Johannesburg',
  );
  return {
    productID: card.productID,
    productName: 'Ubuntu Starter',
    specification: [
      { type: 'memory', value: 4, unit: 'GB', price: '540.00' },
      { type: 'disk', value: 100, unit: 'GB', price: '360.00' },
      { type: 'processor', value: 2, unit: 'vCPU', price: '360.00' },
    ],
    region: region.ID,
    totalAmount: '1366.20',
    timePeriod: 90,
    paymentGateway: 'Sandbox Payment',
    byPassflag: 0,
    microsoftLicense: 0,
  };
}
