/** Small line icons of the builder's row buttons (the accessible name is the button's own label). */
const Svg = ({ d }: { d: string }) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

export const UpIcon = () => <Svg d="M12 19V5M5 12l7-7 7 7" />;
export const DownIcon = () => <Svg d="M12 5v14M19 12l-7 7-7-7" />;
export const CopyIcon = () => <Svg d="M9 9h11v11H9zM5 15H4V4h11v1" />;
export const RemoveIcon = () => <Svg d="M18 6L6 18M6 6l12 12" />;
