// Mantine's CSS for the screens reached without a session; the rest loads behind sign-in (app/mantineStyles.ts).
import './app/mantineSignInStyles';
import './app/global.css';

/**
 * The app starts once the browser has painted index.html's static frame of /signin: its modules (React, Mantine, the
 * sign-in screen; app/startApp.tsx) are downloaded meanwhile, the build naming them in index.html as modulepreload
 * (vite.config.ts), but evaluated only after that first paint, which on a slow phone comes a second or more sooner.
 * A hidden tab paints no frame: it starts at once.
 */
const start = () => void import('./app/startApp');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
