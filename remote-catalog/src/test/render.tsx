import type { Product, Specs } from 'shared-contracts/products';
// The providers, session and test config are shared with the other web packages
// (runtime-kernel/testing), the network is the fake API (web-testing/fake-api); what is left here are
// this package's own fixtures.
export { TEST_API, testBuyer as buyer, setSession, renderWithProviders } from 'web-kit/testing/render';

export function makeSpecs(overrides: Partial<Specs> = {}): Specs {
  return {
    processor: 'AMD Ryzen 5 PRO 5650U',
    cpuFamily: 'AMD Ryzen 5 5650U',
    cpuLine: 'amd-ryzen-5',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    resolution: '1920x1200',
    graphics: 'AMD Radeon Graphics',
    batteryHealthPercent: 87,
    batteryHealthSource: 'os-report',
    os: 'Windows 11',
    warrantyMonths: 6,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Dell XPS 13 9310',
    email: 'seller@secondbyte.test',
    sellerName: 'Sam Seller',
    price: 649.99,
    image: 'http://api.test/api/v1/images/p1.webp',
    quality: 'Excellent',
    phone: '+880 1711 000000',
    location: 'Dhaka, Gulshan',
    category: '01',
    categoryName: 'Dell',
    description: 'Intel Core i7, 16 GB RAM, 512 GB SSD.',
    year: 2021,
    resale: 649.99,
    original: 1199,
    useYear: 5,
    rating: 5,
    status: 'available',
    advertised: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    specs: makeSpecs(),
    photos: ['http://api.test/api/v1/images/p1.webp'],
    seller: { _id: 's1', name: 'Sam Seller', rating: { average: 4.5, count: 12 } },
    showContact: true,
    verifiedDevice: null,
    specsConfirmed: true,
    specsRead: null,
    ...overrides,
  };
}
