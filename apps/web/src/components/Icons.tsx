/** Small inline icons (no icon font): decorative, hidden from screen readers. */
interface IconProps {
  size?: number;
}

const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export const ChevronLeftIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M15 6l-6 6 6 6" /></svg>
);
export const ChevronRightIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M9 6l6 6-6 6" /></svg>
);
export const LogOutIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" /><path d="M9 12h12l-3-3M18 15l3-3" /></svg>
);
export const HomeIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M5 12H3l9-9 9 9h-2M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" /><path d="M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6" /></svg>
);
export const InfoIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="12" r="9" /><path d="M12 8h.01M11 12h1v4h1" /></svg>
);
export const AlertIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M12 9v4M12 17h.01" /><path d="M10.3 3.9L2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" /></svg>
);
export const UserIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="7" r="4" /><path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" /></svg>
);
