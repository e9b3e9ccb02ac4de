// Mantine's CSS for the screens reached without a session; the rest loads behind sign-in (app/mantineShellStyles.ts, ui/mantineStyles.ts).
import './app/mantineSignInStyles';
import './app/global.css';
import { startEarlyAnswers } from './lib/apollo/earlyAnswer';
import { isPublicPath } from './lib/session/session';

// Signed in, the screen's first query goes out now, beside the app's code rather than after it (lib/apollo/earlyAnswer.ts).
if (!isPublicPath(window.location.pathname)) startEarlyAnswers(window.location.pathname);

/**
 * Where index.html shows its static frame of /signin, the app starts once the browser has painted it: its modules
 * (React, Mantine, the sign-in screen; app/startApp.tsx) are downloaded meanwhile, the build naming them in index.html
 * (preloadPageStart.ts), but evaluated only after that first paint, which on a slow phone comes a second or more sooner.
 * Elsewhere there is nothing to paint first, and a hidden tab paints no frame: the app starts at once.
 */
const start = () => void import('./app/startApp');
const framePainted = document.getElementById('boot')?.hidden === false;
if (!framePainted || document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
