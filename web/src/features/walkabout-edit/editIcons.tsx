import type { SVGProps } from 'react';

/** Outline icons of the walkabout screen, drawn like the app's own set (src/ui/icons.tsx): decorative only. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function icon(d: string) {
  return function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        <path d={d} />
      </svg>
    );
  };
}

export const IconCamera = icon(
  'M5 7h1a2 2 0 0 0 2-2 1 1 0 0 1 1-1h6a1 1 0 0 1 1 1 2 2 0 0 0 2 2h1a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2M9 13a3 3 0 1 0 6 0 3 3 0 0 0-6 0',
);
export const IconCheck = icon('M5 12l5 5L20 7');
export const IconX = icon('M18 6L6 18M6 6l12 12');
export const IconMinus = icon('M5 12h14');
export const IconCircle = icon('M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0');
export const IconDots = icon('M4 12h.01M12 12h.01M20 12h.01');
export const IconLock = icon('M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM8 11V7a4 4 0 1 1 8 0v4');
export const IconLockOpen = icon('M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM8 11V7a4 4 0 0 1 8 0');
export const IconCloudOff = icon(
  'M3 3l18 18M18 18H7a4.6 4.4 0 0 1-1.5-8.6M8.3 5.4A5.5 5 0 0 1 17 9h1a3.5 3.5 0 0 1 2.7 5.8',
);
export const IconCloudCheck = icon('M11 18H7a4.6 4.4 0 0 1 0-9 5 4.5 0 0 1 11 2h1a3.5 3.5 0 0 1 1.4 6.7M15 19l2 2 4-4');
export const IconPhoto = icon('M15 8h.01M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM3 16l5-5c.9-.9 2.1-.9 3 0l5 5M14 14l1-1c.9-.9 2.1-.9 3 0l3 3');
export const IconQrOff = icon('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM3 3l18 18');
