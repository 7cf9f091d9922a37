/** The kernel's own texts: the role gate every dashboard page passes and the API client's fallbacks. */
export const en = {
  roleGate: {
    checking: 'Checking your access',
    errorTitle: 'We could not check your access',
    errorBody: 'Your profile could not be loaded. Check your connection and try again.',
    retry: 'Retry',
    forbiddenTitle: 'You are not allowed to see this page',
    // The roles are joined before they go in: "admins and sellers".
    onlyFor: 'This page is only for {{roles}}.',
    roleNames: { admin: 'admins', seller: 'sellers', buyer: 'buyers' },
    and: 'and',
    signedInAs: {
      admin: 'You are signed in as an admin.',
      seller: 'You are signed in as a seller.',
      buyer: 'You are signed in as a buyer.',
    },
    noProfile: 'Your account has no profile yet.',
    backToDashboard: 'Back to your dashboard',
    home: 'Home',
  },
  api: {
    requestFailed: 'Request failed ({{status}})',
    notAList: 'The server answered something other than a list. Try again in a moment.',
  },
};

export type KernelTexts = typeof en;
