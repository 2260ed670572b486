/** Mantine's orange.9 (#d9480f) is 4.3:1 on white for a badge's 11 px bold text; #c2410c is 5.2:1. */
export const WARNING_BADGE_COLOR = '#c2410c';
