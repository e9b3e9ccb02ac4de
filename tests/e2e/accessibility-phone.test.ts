/** axe-core on every screen and sheet at the phone size (the checks: accessibility.ts). */
import { checkAccessibilityAt } from './accessibility';

checkAccessibilityAt('phone');
