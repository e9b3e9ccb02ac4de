/**
 * The CSS of the Mantine components that the shell and Buildings, where most visits start, use beyond those of
 * mantineSignInStyles.ts (in the entry's stylesheet), in Mantine's own order: imported behind sign-in by ApolloArea.tsx,
 * so that the first screen's stylesheet is not every component's (about 23 KiB compressed, render-blocking, and a
 * larger style recalculation on a phone). The rest, ui/mantineStyles.ts, comes with every other screen and
 * sheet (ui/mantineStylesLoader.ts). A component added to the shell or Buildings adds its file here, in that order.
 */
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
