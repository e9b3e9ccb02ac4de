import type { ReactNode, SVGProps } from 'react';

/**
 * The few outline icons the app uses, drawn on a 24-unit grid in the manner of
 * Tabler's set. They are decorative: the control that holds one carries the name.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function createIcon(paths: ReactNode) {
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
        {paths}
      </svg>
    );
  };
}

export const IconChevronLeft = createIcon(<path d="M15 6l-6 6 6 6" />);
export const IconChevronRight = createIcon(<path d="M9 6l6 6-6 6" />);
export const IconChartBar = createIcon(
  <>
    <path d="M3 13a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    <path d="M15 9a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1z" />
    <path d="M9 5a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1z" />
  </>,
);
export const IconSettings = createIcon(
  <>
    <path d="M10.3 4.3c.4-1.8 3-1.8 3.4 0a1.7 1.7 0 0 0 2.6 1.1c1.5-.9 3.3.8 2.4 2.4a1.7 1.7 0 0 0 1 2.5c1.8.4 1.8 3 0 3.4a1.7 1.7 0 0 0-1 2.6c.9 1.5-.9 3.3-2.4 2.4a1.7 1.7 0 0 0-2.6 1c-.4 1.8-3 1.8-3.4 0a1.7 1.7 0 0 0-2.5-1c-1.6.9-3.3-.9-2.4-2.4a1.7 1.7 0 0 0-1.1-2.6c-1.8-.4-1.8-3 0-3.4a1.7 1.7 0 0 0 1.1-2.5c-.9-1.6.8-3.3 2.4-2.4 1 .6 2.3.1 2.5-1.1z" />
    <path d="M9 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0" />
  </>,
);
export const IconUser = createIcon(
  <>
    <path d="M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0" />
    <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
  </>,
);
export const IconLogout = createIcon(
  <>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3M18 15l3-3" />
  </>,
);
export const IconBuilding = createIcon(
  <>
    <path d="M3 21h18M9 8h1M9 12h1M9 16h1M14 8h1M14 12h1M14 16h1" />
    <path d="M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16" />
  </>,
);
export const IconFlame = createIcon(
  <path d="M12 10.9c-.2-3.5-2.4-6-4-7.9 0 3.1-3 5.4-3 9.6A7 7 0 0 0 12 20a7 7 0 0 0 7-7.4c0-2.3-1-4.6-2.3-6.1-.3 2-1.3 3.8-2.7 4.6-.3-2.7-1.3-5.4-3-7.1.7 2.2.3 4.9-1 6.9" />,
);
export const IconAlertTriangle = createIcon(
  <>
    <path d="M12 9v4M12 17h.01" />
    <path d="M10.4 3.9 2.4 17.5A1.9 1.9 0 0 0 4 20.3h16a1.9 1.9 0 0 0 1.6-2.8L13.6 3.9a1.9 1.9 0 0 0-3.2 0z" />
  </>,
);
export const IconClipboardCheck = createIcon(
  <>
    <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2" />
    <path d="M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2 2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2zM9 14l2 2 4-4" />
  </>,
);
export const IconFolder = createIcon(
  <path d="M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2" />,
);
export const IconReport = createIcon(
  <>
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2zM9 17v-4M12 17v-6M15 17v-2" />
  </>,
);
export const IconNotes = createIcon(
  <>
    <path d="M5 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z" />
    <path d="M9 7h6M9 11h6M9 15h4" />
  </>,
);
export const IconQrcode = createIcon(
  <>
    <path d="M4 5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM7 17v.01M14 5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1zM7 7v.01" />
    <path d="M4 15a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM17 7v.01M14 14h3M20 14v.01M14 14v3M14 20h3M17 17h3M20 17v3" />
  </>,
);
export const IconMap = createIcon(
  <path d="M3 7l6-3 6 3 6-3v13l-6 3-6-3-6 3zM9 4v13M15 7v13" />,
);
export const IconFileContract = createIcon(
  <>
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2zM9 17h1.5l1.5-2 1.5 2H15M9 9h2M9 13h6" />
  </>,
);
export const IconInfoCircle = createIcon(
  <>
    <path d="M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0M12 9h.01" />
    <path d="M11 12h1v4h1" />
  </>,
);
export const IconExternalLink = createIcon(
  <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5" />,
);
export const IconMailCheck = createIcon(
  <>
    <path d="M11 19H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6" />
    <path d="m3 7 9 6 9-6M15 19l2 2 4-4" />
  </>,
);
export const IconCircleCheck = createIcon(
  <>
    <path d="M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const IconSearch = createIcon(
  <path d="M3 10a7 7 0 1 0 14 0 7 7 0 0 0-14 0M21 21l-6-6" />,
);
