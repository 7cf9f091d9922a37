/** The kit's own texts (what several remotes show through it), in English. */
export const en = {
  upload: {
    tooLarge: 'The photo is too large (5 MB at most).',
    failed: 'The photo could not be uploaded.',
    offline: 'The photo could not be uploaded: no connection to the server.',
  },
};
