/** Participant documents and e-signature (issue 12). */
export {};
