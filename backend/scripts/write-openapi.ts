/** Writes backend/openapi.json from the routes' schemas (npm run openapi -w backend). */
import { writeFileSync } from 'node:fs';
import { openApiDocument, openApiPath, openApiText } from '../src/openapi';

writeFileSync(openApiPath, openApiText(await openApiDocument()));
console.log(`wrote ${openApiPath}`);
