/** Stands in for Firebase's Auth instance: tests sign a user in by setting currentUser. */
export const fakeFirebaseAuth: { currentUser: { getIdToken: () => Promise<string> } | null } = {
  currentUser: null,
};

export function signInFake(token = 'test-id-token') {
  fakeFirebaseAuth.currentUser = { getIdToken: async () => token };
}
