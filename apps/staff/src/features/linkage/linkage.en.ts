/** The linkage namespace (issue 14; H-024…H-029): Datavant-style linkage tokens of a study. */
const texts = {
  page: {
    title: 'Datavant linkage tokens',
    subtitle:
      'Tokens link a participant’s records across datasets without a name leaving the site: each is a keyed hash of normalised identifiers, made with this study’s key.',
    twin: 'Test environment: the test data space’s configuration and tokens, read only.',
  },
  config: {
    title: 'Configuration',
    enabled: 'Make linkage tokens for this study',
    enabledHint: 'Turning off removes every token made so far.',
    datasetName: 'Dataset configuration name',
    datasetNameHint: 'The name the linkage partner knows this data by.',
    kinds: 'Kinds of token',
    kind_T1: 'T1: last name, first initial, sex, date of birth',
    kind_T2: 'T2: Soundex of last and first name, sex, date of birth',
    kind_T3: 'T3: last name, first name, date of birth, first 3 characters of the ZIP code',
    kind_T4: 'T4: last name, first name, sex, date of birth',
    save: 'Save configuration',
    saved: 'Linkage configuration saved.',
    noKey: 'No key yet: it is made when the configuration is first saved.',
    keyMade: 'Key made {{when}}. The key is never shown.',
    keyUnreadable: 'This server cannot read the stored key. Replace the key to make tokens again.',
    rotate: 'Replace key',
    failed: 'The configuration could not be loaded.',
  },
  rotate: {
    title: 'Replace the linkage key',
    warning:
      'Every token of the study changes: the linkage partner needs the new token list, and tokens sent before no longer match.',
    confirmLabel: 'Type ROTATE to confirm',
    sharedKey: 'Key agreed with the linkage partner (optional)',
    sharedKeyHint: '64 hexadecimal characters. Leave empty for a new random key.',
    cancel: 'Cancel',
    confirm: 'Replace key',
    done: 'The key was replaced and every token made again.',
  },
  tokens: {
    title: 'Token list',
    tableLabel: 'Linkage tokens',
    participant: 'Participant',
    site: 'Site',
    madeAt: 'Made',
    missing: 'Not made: {{fields}} missing',
    download: 'Download CSV',
    downloaded: 'Token list downloaded.',
    off: 'Linkage tokens are off for this study.',
    empty: 'No participants yet',
    emptyHint: 'Tokens are listed here once participants are added at your sites.',
    failed: 'The token list could not be loaded.',
  },
  fields: {
    first: 'first name',
    last: 'last name',
    firstInitial: 'first name',
    firstSoundex: 'first name',
    lastSoundex: 'last name',
    sex: 'sex',
    dob: 'date of birth',
    zip5: 'ZIP code',
    zip3: 'ZIP code',
  },
  error: { generic: 'Something went wrong. Try again.' },
} as const;

export type LinkageTexts = typeof texts;
export default texts;
