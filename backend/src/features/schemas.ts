/**
 * Every feature's schemas, loaded before the routes so that their named schemas (resources) are
 * registered with the app once (plugins/swagger.ts) and listed in the OpenAPI components.
 */
import './organizations/schemas';
import './regions/schemas';
import './cycles/schemas';
import './users/schemas';
import './sessions/schemas';
import './buildings/schemas';
import './walkabouts/schemas';
import './locations/schemas';
import './fire-watches/schemas';
import './uploads/schemas';
import './walkabout-reports/schemas';
import './report-definitions/schemas';
