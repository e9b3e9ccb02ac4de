import { createContext } from 'react';

/** The element in the shell's header that a page's TopBar renders into. */
export const TopBarSlotContext = createContext<HTMLElement | null>(null);
