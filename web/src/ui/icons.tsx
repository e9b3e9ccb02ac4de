import type { ComponentType } from 'react';
import {
  IconAlertTriangle as TablerAlertTriangle,
  IconArrowDown as TablerArrowDown,
  IconArrowUp as TablerArrowUp,
  IconBuilding as TablerBuilding,
  IconCamera as TablerCamera,
  IconChartBar as TablerChartBar,
  IconCheck as TablerCheck,
  IconChevronLeft as TablerChevronLeft,
  IconChevronRight as TablerChevronRight,
  IconCircle as TablerCircle,
  IconCircleCheck as TablerCircleCheck,
  IconClipboardCheck as TablerClipboardCheck,
  IconCloudCheck as TablerCloudCheck,
  IconCloudOff as TablerCloudOff,
  IconContract as TablerContract,
  IconDots as TablerDots,
  IconExternalLink as TablerExternalLink,
  IconFlame as TablerFlame,
  IconFolder as TablerFolder,
  IconInfoCircle as TablerInfoCircle,
  IconLock as TablerLock,
  IconLockOpen as TablerLockOpen,
  IconLogout as TablerLogout,
  IconMailCheck as TablerMailCheck,
  IconMap as TablerMap,
  IconMinus as TablerMinus,
  IconNotes as TablerNotes,
  IconPhoto as TablerPhoto,
  IconPlus as TablerPlus,
  IconQrcode as TablerQrcode,
  IconQrcodeOff as TablerQrcodeOff,
  IconReport as TablerReport,
  IconScan as TablerScan,
  IconSearch as TablerSearch,
  IconSettings as TablerSettings,
  IconUser as TablerUser,
  IconX as TablerX,
  type IconProps as TablerIconProps,
} from '@tabler/icons-react';
// Manage Locations (issue 12): reordering, editing and deleting rows.
import { IconTrash as TablerTrash } from '@tabler/icons-react';

/**
 * The app's one icon source: Tabler's outline icons (@tabler/icons-react), under the app's names.
 * Each is imported by name, so the build keeps only these. They are decorative: the control that
 * holds one carries the name, so the drawing is hidden from assistive technology.
 */
export type IconProps = Omit<TablerIconProps, 'ref'>;

export function decorative(Tabler: ComponentType<TablerIconProps>, name: string) {
  function Icon({ size = 20, stroke = 1.8, ...props }: IconProps) {
    return <Tabler size={size} stroke={stroke} aria-hidden="true" focusable="false" {...props} />;
  }
  Icon.displayName = name;
  return Icon;
}

export const IconAlertTriangle = decorative(TablerAlertTriangle, 'IconAlertTriangle');
// Reordering buildings by keyboard and mouse (issue 12).
export const IconArrowDown = decorative(TablerArrowDown, 'IconArrowDown');
export const IconArrowUp = decorative(TablerArrowUp, 'IconArrowUp');
export const IconBuilding = decorative(TablerBuilding, 'IconBuilding');
export const IconCamera = decorative(TablerCamera, 'IconCamera');
export const IconChartBar = decorative(TablerChartBar, 'IconChartBar');
export const IconCheck = decorative(TablerCheck, 'IconCheck');
export const IconChevronLeft = decorative(TablerChevronLeft, 'IconChevronLeft');
export const IconChevronRight = decorative(TablerChevronRight, 'IconChevronRight');
export const IconCircle = decorative(TablerCircle, 'IconCircle');
export const IconCircleCheck = decorative(TablerCircleCheck, 'IconCircleCheck');
export const IconClipboardCheck = decorative(TablerClipboardCheck, 'IconClipboardCheck');
export const IconCloudCheck = decorative(TablerCloudCheck, 'IconCloudCheck');
export const IconCloudOff = decorative(TablerCloudOff, 'IconCloudOff');
export const IconDots = decorative(TablerDots, 'IconDots');
export const IconExternalLink = decorative(TablerExternalLink, 'IconExternalLink');
export const IconFileContract = decorative(TablerContract, 'IconFileContract');
export const IconFlame = decorative(TablerFlame, 'IconFlame');
export const IconFolder = decorative(TablerFolder, 'IconFolder');
export const IconInfoCircle = decorative(TablerInfoCircle, 'IconInfoCircle');
export const IconLock = decorative(TablerLock, 'IconLock');
export const IconLockOpen = decorative(TablerLockOpen, 'IconLockOpen');
export const IconLogout = decorative(TablerLogout, 'IconLogout');
export const IconMailCheck = decorative(TablerMailCheck, 'IconMailCheck');
export const IconMap = decorative(TablerMap, 'IconMap');
export const IconMinus = decorative(TablerMinus, 'IconMinus');
export const IconNotes = decorative(TablerNotes, 'IconNotes');
export const IconPhoto = decorative(TablerPhoto, 'IconPhoto');
export const IconPlus = decorative(TablerPlus, 'IconPlus');
export const IconQrcode = decorative(TablerQrcode, 'IconQrcode');
export const IconQrOff = decorative(TablerQrcodeOff, 'IconQrOff');
export const IconReport = decorative(TablerReport, 'IconReport');
export const IconScan = decorative(TablerScan, 'IconScan');
export const IconSearch = decorative(TablerSearch, 'IconSearch');
export const IconSettings = decorative(TablerSettings, 'IconSettings');
export const IconUser = decorative(TablerUser, 'IconUser');
export const IconX = decorative(TablerX, 'IconX');

// Floors (issue 12): the drag handle and edit (the move buttons' arrows are above).
import {
  IconGripVertical as TablerGripVertical,
  IconPencil as TablerPencil,
} from '@tabler/icons-react';

export const IconGripVertical = decorative(TablerGripVertical, 'IconGripVertical');
export const IconPencil = decorative(TablerPencil, 'IconPencil');
// Manage Locations (issue 12).
export const IconTrash = decorative(TablerTrash, 'IconTrash');
