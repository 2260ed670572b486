/** Messages from staff to participants (issue 12). */
export {};
