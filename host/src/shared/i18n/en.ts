// The host's English texts. The product's quoted texts are here word for word (docs/product.md#layout).
export const en = {
  header: {
    homeLink: 'SecondByte home',
    mainNav: 'Main',
    nav: {
      home: 'Home',
      dashboard: 'Dashboard',
      categories: 'Categories',
      blogs: 'Blogs',
      aboutUs: 'About Us',
      contactUs: 'Contact Us',
    },
    signedIn: 'Signed in',
    yourPhoto: 'Your photo',
    logOut: 'LogOut',
    login: 'Login',
    register: 'Register',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
    themeToLight: 'Switch to light theme',
    themeToDark: 'Switch to dark theme',
  },
  // The browser tab's title and the search engines' summary, written by the server and kept in
  // step by the app when the language changes.
  document: {
    title: 'SecondByte — used laptops marketplace',
    description: 'SecondByte — buy and sell used laptops.',
  },
  search: {
    form: 'Laptops',
    label: 'Search laptops',
    placeholder: 'Search laptops, e.g. i5 16gb',
    submit: 'Search',
  },
  layout: {
    skipToContent: 'Skip to content',
    loading: 'Loading',
    checkingSignIn: 'Checking your sign-in',
    testPayments: 'Test payments: no real money moves.',
  },
  remote: {
    unavailable: 'This part of SecondByte is unavailable',
    text: 'The {{part}} could not be loaded. The rest of the site still works; try again in a moment.',
    retry: 'Retry',
    parts: { catalog: 'catalog', dashboard: 'dashboard', checkout: 'checkout' },
  },
  // Shown by the host at the press of Book Now, Buy Now or Pay while checkout's code loads.
  checkoutOpening: {
    book: 'Book this laptop',
    pay: 'Starting your payment',
    close: 'Close',
  },
  notFound: {
    message: 'oops! page not found',
    home: 'Home',
  },
  startup: {
    title: 'SecondByte could not start',
    message: 'We could not reach the site configuration. Check your connection and try again.',
    reload: 'Reload',
    /** Read out while a press made before the page's app was ready waits for it (docs/product.md#first-paint). */
    waiting: 'Loading the page, one moment…',
  },
  footer: {
    services: 'Services',
    servicesLinks: {
      branding: 'Branding',
      design: 'Design',
      marketing: 'Marketing',
      advertisement: 'Advertisement',
    },
    company: 'Company',
    companyLinks: { aboutUs: 'About us', contact: 'Contact', jobs: 'Jobs', pressKit: 'Press kit' },
    legal: 'Legal',
    legalLinks: { terms: 'Terms of use', privacy: 'Privacy policy', cookies: 'Cookie policy' },
    newsletter: 'Newsletter',
    newsletterEmail: 'Enter your email address',
    newsletterPlaceholder: 'username@site.com',
    newsletterSend: 'Send',
    newsletterEmailMissing: 'Enter your e-mail address',
    newsletterEmailInvalid: 'Enter a valid e-mail address, like name@example.com',
    subscribed: 'Thanks! You are subscribed to our newsletter.',
    notSubscribed: 'We could not subscribe you. Please try again.',
    copyright: 'Copyright © 2022 - All rights reserved by SecondByte',
  },
  notifications: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread: 'Notifications, {{count}} unread',
    new: 'New:',
    empty: 'Nothing new yet. Messages, bookings and changes to laptops you saved show up here.',
    loadFailed: 'Notifications could not be loaded',
    retry: 'Retry',
  },
  conversations: {
    inbox: 'Messages',
    unread: 'Messages: {{n}} unread',
  },
};
