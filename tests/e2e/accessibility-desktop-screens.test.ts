/** axe-core on the screens an inspector and a reader of reports use, with their sheets and loading states, at the desktop size (the checks: accessibility.ts). */
import { checkAccessibilityAt } from './accessibility';

checkAccessibilityAt('desktop', 'screens');
