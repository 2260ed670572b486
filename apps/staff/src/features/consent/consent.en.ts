/** The consent namespace in English: a participant's consents, their PDFs and the countersignature (decision D-140). */
const texts = {
  page: {
    title: 'Participant consents',
    intro:
      'The consents of the participant’s study version: whether each is signed, by whom and when, and the investigator’s countersignature. Signed consents can be downloaded as PDF.',
    participant: 'Participant record {{id}}',
    study: 'Study',
    loadError: 'The participant’s consents could not be loaded.',
    retry: 'Try again',
    noVersion: 'The participant has no study version yet, so there is no consent to sign.',
    empty: 'The participant’s study version has no consents.',
  },
  table: {
    label: 'Consents of the participant',
    consent: 'Consent',
    status: 'Status',
    signedAt: 'Signed at',
    signedName: 'Signed name',
    countersignedBy: 'Countersigned by',
    countersignedAt: 'Countersigned at',
    actions: 'Actions',
    earlier: 'Earlier signature (version {{number}})',
  },
  status: {
    UNSIGNED: 'Unsigned',
    SIGNED: 'Signed',
    RECONSENT_REQUIRED: 'Re-consent required',
  },
  actions: {
    download: 'Download PDF',
    downloadOf: 'Download PDF: {{name}}',
    downloadFailed: 'The PDF could not be downloaded.',
    countersign: 'Countersign',
    countersignOf: 'Countersign: {{name}}',
  },
  countersign: {
    title: 'Countersign “{{name}}”',
    intro: 'The participant {{participant}} signed this consent on {{date}}. Countersign it as the investigator.',
    meaningHeading: 'What your signature means',
    accept: 'I have read and accept the meaning of my signature',
    acceptRequired: 'Accept the meaning of your signature to sign.',
    password: 'Your password',
    passwordHint: 'Enter the password you sign in with: it confirms that it is you who signs.',
    passwordRequired: 'Enter your password.',
    submit: 'Countersign',
    cancel: 'Cancel',
    failed: 'The countersignature could not be saved.',
    done: '“{{name}}” is countersigned.',
  },
};

export default texts;
