/** axe-core on every screen and sheet at the desktop size (the checks: accessibility.ts). */
import { checkAccessibilityAt } from './accessibility';

checkAccessibilityAt('desktop');
