/** axe-core on the administration's screens, with their sheets and loading states, at the desktop size (the checks: accessibility.ts). */
import { checkAccessibilityAt } from './accessibility';

checkAccessibilityAt('desktop', 'administration');
