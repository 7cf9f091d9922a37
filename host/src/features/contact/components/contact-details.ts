/** The company's contact facts, shown on the contact page and drawn on its map (the address is in the messages). */
export const CONTACT = {
  phone: '+880 1711-000000',
  phoneHref: 'tel:+8801711000000',
  email: 'support@secondbyte.example',
  mapSearchUrl: 'https://www.openstreetmap.org/search?query=Road%205%2C%20Dhanmondi%2C%20Dhaka',
};
