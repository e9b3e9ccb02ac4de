/** axe-core on the administration's screens, with their sheets and loading states, at the phone size (the checks: accessibility.ts). */
import { checkAccessibilityAt } from './accessibility';

checkAccessibilityAt('phone', 'administration');
