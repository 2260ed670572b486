/** EDC: site data entry of data capture forms (issue 12). */
export {};
