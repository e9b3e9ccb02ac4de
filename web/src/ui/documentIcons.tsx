import {
  IconBookmark as TablerBookmark,
  IconFileText as TablerFileText,
  IconMail as TablerMail,
  IconPencil as TablerPencil,
  IconTrash as TablerTrash,
  IconUpload as TablerUpload,
} from '@tabler/icons-react';
import { decorative } from './icons';

/**
 * The documents screens' icons, from the one icon source (icons.tsx), in a module of their own: icons.tsx is in the
 * buildings screen's chunk, where each icon made there costs its drawing even when unused.
 */
export const IconBookmark = decorative(TablerBookmark, 'IconBookmark');
export const IconFileText = decorative(TablerFileText, 'IconFileText');
export const IconMail = decorative(TablerMail, 'IconMail');
export const IconPencil = decorative(TablerPencil, 'IconPencil');
export const IconTrash = decorative(TablerTrash, 'IconTrash');
export const IconUpload = decorative(TablerUpload, 'IconUpload');
