// The host's English texts. The spec's quoted texts are here word for word (docs/product.md#layout).
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
    // Said in the language it switches to, so a reader of that language recognises it.
    switchLanguage: 'Show the site in English',
  },
  search: {
    form: 'Laptops',
    label: 'Search laptops',
    placeholder: 'Search laptops, e.g. i5 16gb',
    submit: 'Search',
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
    copyright: 'Copyright © 2022 - All rights reserved by SecondByte',
  },
};
