import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { loadApolloArea } from './ApolloGate';
import { loadMantineStyles } from '../ui/mantineStylesLoader';
import { ScreenCodeUnavailable } from './ScreenBoundary';

/**
 * The screens behind sign-in, each in a chunk of its own: /signin loads none of them (nor the
 * scanner or the walkabout editor they import), so that it is interactive quickly on a phone.
 * `preloadLazyPages` fetches them all once the user is signed in and the browser is idle; the
 * service worker keeps the files, so that every screen opens without a network afterwards.
 */
const loaders = {
  Shell: () => import('./shell/Shell').then((module) => module.Shell),
  ForgotPasswordPage: () => import('../features/auth/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
  ChangePasswordPage: () => import('../features/auth/ChangePasswordPage').then((module) => module.ChangePasswordPage),
  BuildingsPage: () => import('../features/buildings/BuildingsPage').then((module) => module.BuildingsPage),
  WalkaboutsPage: () => import('../features/walkabouts/WalkaboutsPage').then((module) => module.WalkaboutsPage),
  LocationPage: () => import('../features/locations/LocationPage').then((module) => module.LocationPage),
  LocationLinkPage: () => import('../features/locations/LocationLinkPage').then((module) => module.LocationLinkPage),
  WalkaboutEditPage: () => import('../features/walkabout-edit/WalkaboutEditPage').then((module) => module.WalkaboutEditPage),
  ReportGroupsPage: () => import('../features/reports/ReportGroupsPage').then((module) => module.ReportGroupsPage),
  ReportsPage: () => import('../features/reports/ReportsPage').then((module) => module.ReportsPage),
  HistoricalReportsPage: () => import('../features/reports/HistoricalReportsPage').then((module) => module.HistoricalReportsPage),
  RepairReportPage: () => import('../features/reports/RepairReportPage').then((module) => module.RepairReportPage),
  OnDemandReportsPage: () => import('../features/reports/OnDemandReportsPage').then((module) => module.OnDemandReportsPage),
  ReportDownloadPage: () => import('../features/reports/ReportDownloadPage').then((module) => module.ReportDownloadPage),
  ReportShowPage: () => import('../features/reports/ReportShowPage').then((module) => module.ReportShowPage),
  ReportsByCyclePage: () => import('../features/reports/ReportsByCyclePage').then((module) => module.ReportsByCyclePage),
  SettingsPage: () => import('../features/settings/SettingsPage').then((module) => module.SettingsPage),
  MailOutboxPage: () => import('../features/settings/MailOutboxPage').then((module) => module.MailOutboxPage),
  // Issue 14: the viewer's API tokens.
  ApiTokensPage: () => import('../features/api-tokens/ApiTokensPage').then((module) => module.ApiTokensPage),
  ManageOrganizationsPage: () => import('../features/organizations/ManageOrganizationsPage').then((module) => module.ManageOrganizationsPage),
  NotFoundPage: () => import('../features/not-found/NotFoundPage').then((module) => module.NotFoundPage),
  // QR codes (issue 11): the building's list and the organization's unassigned codes.
  QrCodesPage: () => import('../features/qr-codes/QrCodesPage').then((module) => module.QrCodesPage),
  UnassignedQrCodesPage: () => import('../features/qr-codes/UnassignedQrCodesPage').then((module) => module.UnassignedQrCodesPage),
  // Documents (issue 11 point 3): categories, a category's documents, a PDF's bookmarks page.
  DocumentCategoriesPage: () => import('../features/documents/DocumentCategoriesPage').then((module) => module.DocumentCategoriesPage),
  DocumentsPage: () => import('../features/documents/DocumentsPage').then((module) => module.DocumentsPage),
  DocumentPage: () => import('../features/documents/DocumentPage').then((module) => module.DocumentPage),
  // Organization settings and the buildings list (issue 12).
  OrganizationSettingsPage: () => import('../features/organization-settings/OrganizationSettingsPage').then((module) => module.OrganizationSettingsPage),
  ManageBuildingsPage: () => import('../features/manage-buildings/ManageBuildingsPage').then((module) => module.ManageBuildingsPage),
  BuildingSettingsPage: () => import('../features/building-settings/BuildingSettingsPage').then((module) => module.BuildingSettingsPage),
  // Floors and the building walkabout applicability (issue 12).
  ManageFloorsPage: () => import('../features/floors/ManageFloorsPage').then((module) => module.ManageFloorsPage),
  WalkaboutApplicabilityPage: () => import('../features/applicability/WalkaboutApplicabilityPage').then((module) => module.WalkaboutApplicabilityPage),
  // Issue 12: the building edit form.
  BuildingFormPage: () => import('../features/building-form/BuildingFormPage').then((module) => module.BuildingFormPage),
  // Manage Locations (issue 12).
  ManageLocationsPage: () => import('../features/manage-locations/ManageLocationsPage').then((module) => module.ManageLocationsPage),
  // The overview dashboards (issue 13).
  OrganizationOverviewPage: () => import('../features/overview/OrganizationOverviewPage').then((module) => module.OrganizationOverviewPage),
  BuildingOverviewPage: () => import('../features/overview/BuildingOverviewPage').then((module) => module.BuildingOverviewPage),
  // Organization usage, import and export (issue 13).
  UsagePage: () => import('../features/usage/UsagePage').then((module) => module.UsagePage),
  ImportPage: () => import('../features/import-export/ImportPage').then((module) => module.ImportPage),
  ExportPage: () => import('../features/import-export/ExportPage').then((module) => module.ExportPage),
  // Issue 13: types and tasks groups at organization level.
  ManageTypesPage: () => import('../features/equipment-types/ManageTypesPage').then((module) => module.ManageTypesPage),
  ManageTaskGroupsPage: () => import('../features/equipment-types/ManageTaskGroupsPage').then((module) => module.ManageTaskGroupsPage),
  // Manage Tasks at organization level (issue 13).
  ManageTasksPage: () => import('../features/manage-tasks/ManageTasksPage').then((module) => module.ManageTasksPage),
  // Types and tasks at building level (issue 13).
  BuildingTypesPage: () => import('../features/building-types/BuildingTypesPage').then((module) => module.BuildingTypesPage),
  BuildingTasksPage: () => import('../features/building-types/BuildingTasksPage').then((module) => module.BuildingTasksPage),
  // Issue 14: regions, cycles and cycle overrides.
  CyclesPage: () => import('../features/cycles/CyclesPage').then((module) => module.CyclesPage),
  CycleEditPage: () => import('../features/cycles/CycleEditPage').then((module) => module.CycleEditPage),
  RegionsPage: () => import('../features/regions/RegionsPage').then((module) => module.RegionsPage),
  RegionPage: () => import('../features/regions/RegionPage').then((module) => module.RegionPage),
  CycleOverridePage: () => import('../features/regions/CycleOverridePage').then((module) => module.CycleOverridePage),
  // Users and roles (issue 14).
  UsersPage: () => import('../features/users/UsersPage').then((module) => module.UsersPage),
  UserPage: () => import('../features/users/UserPage').then((module) => module.UserPage),
  RolesPage: () => import('../features/roles/RolesPage').then((module) => module.RolesPage),
  RolePage: () => import('../features/roles/RolePage').then((module) => module.RolePage),
  // Report definitions and booklet templates administration (issue 14).
  ReportDefinitionsPage: () => import('../features/report-administration/ReportDefinitionsPage').then((module) => module.ReportDefinitionsPage),
  ReportDefinitionPage: () => import('../features/report-administration/ReportDefinitionPage').then((module) => module.ReportDefinitionPage),
  ReportBookletsPage: () => import('../features/report-administration/ReportBookletsPage').then((module) => module.ReportBookletsPage),
  ReportBookletPage: () => import('../features/report-administration/ReportBookletPage').then((module) => module.ReportBookletPage),
  GlobalReportsPage: () => import('../features/report-administration/GlobalReportsPage').then((module) => module.GlobalReportsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

const loaded = new Map<keyof typeof loaders, ComponentType>();

/**
 * The screens whose Mantine components are styled by the stylesheets loaded with the page (main.tsx, and ApolloArea.tsx
 * behind sign-in): the shell and Buildings, and the password screens. Every other screen waits for the rest of
 * Mantine's CSS before it renders (ui/mantineStylesLoader.ts).
 */
const STYLED_WITH_THE_PAGE = new Set<keyof typeof loaders>(['Shell', 'BuildingsPage', 'ForgotPasswordPage', 'ChangePasswordPage']);

function loadPage(name: keyof typeof loaders): Promise<ComponentType> {
  const styles = STYLED_WITH_THE_PAGE.has(name) ? undefined : loadMantineStyles();
  return Promise.all([loaders[name](), styles]).then(([component]) => {
    loaded.set(name, component);
    return component;
  });
}

/**
 * The lazy component of each screen whose code is on its way or could not be fetched: one per screen for the page's
 * life, not one per mount. A screen suspended on its first mount keeps no state, so React mounts it anew when the code
 * arrives or fails: with a lazy made per mount, each retry made another import of a failed chunk, which a browser that
 * fetches a failed module again (Chromium now does) answered with another failure, without end (some 1,300 requests in
 * 8 s, and the screen's alert never shown). One lazy per screen settles once; its failure reaches ScreenBoundary, whose
 * Try again loads the page again.
 */
const lazyScreens = new Map<keyof typeof loaders, ComponentType>();

function lazyScreen(name: keyof typeof loaders): ComponentType {
  let screen = lazyScreens.get(name);
  if (!screen) {
    // A failure to fetch is ScreenCodeUnavailable, which ScreenBoundary shows in place of the screen.
    screen = lazy(() =>
      loadPage(name).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          throw new ScreenCodeUnavailable(error);
        },
      ),
    );
    lazyScreens.set(name, screen);
  }
  return screen;
}

/**
 * A screen that suspends (AppRoutes shows the loader) only until its code has arrived once: a screen
 * already preloaded renders at once, so that after the idle warm-up no navigation shows a loader.
 */
function lazyPage(name: keyof typeof loaders): ComponentType {
  function LazyPage() {
    // Chosen once per mount: swapping the lazy wrapper for the loaded component later would remount the screen.
    const [component] = useState(() => loaded.get(name) ?? lazyScreen(name));
    return createElement(component);
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

export const Shell = lazyPage('Shell');
export const ForgotPasswordPage = lazyPage('ForgotPasswordPage');
export const ChangePasswordPage = lazyPage('ChangePasswordPage');
export const BuildingsPage = lazyPage('BuildingsPage');
export const WalkaboutsPage = lazyPage('WalkaboutsPage');
export const LocationPage = lazyPage('LocationPage');
export const LocationLinkPage = lazyPage('LocationLinkPage');
export const WalkaboutEditPage = lazyPage('WalkaboutEditPage');
export const ReportGroupsPage = lazyPage('ReportGroupsPage');
export const ReportsPage = lazyPage('ReportsPage');
export const HistoricalReportsPage = lazyPage('HistoricalReportsPage');
export const RepairReportPage = lazyPage('RepairReportPage');
export const OnDemandReportsPage = lazyPage('OnDemandReportsPage');
export const ReportDownloadPage = lazyPage('ReportDownloadPage');
export const ReportShowPage = lazyPage('ReportShowPage');
export const ReportsByCyclePage = lazyPage('ReportsByCyclePage');
export const SettingsPage = lazyPage('SettingsPage');
export const MailOutboxPage = lazyPage('MailOutboxPage');
// Issue 14: the viewer's API tokens.
export const ApiTokensPage = lazyPage('ApiTokensPage');
export const ManageOrganizationsPage = lazyPage('ManageOrganizationsPage');
export const NotFoundPage = lazyPage('NotFoundPage');
// QR codes (issue 11).
export const QrCodesPage = lazyPage('QrCodesPage');
export const UnassignedQrCodesPage = lazyPage('UnassignedQrCodesPage');
export const DocumentCategoriesPage = lazyPage('DocumentCategoriesPage');
export const DocumentsPage = lazyPage('DocumentsPage');
export const DocumentPage = lazyPage('DocumentPage');
// Organization settings and the buildings list (issue 12).
export const OrganizationSettingsPage = lazyPage('OrganizationSettingsPage');
export const ManageBuildingsPage = lazyPage('ManageBuildingsPage');
export const BuildingSettingsPage = lazyPage('BuildingSettingsPage');
// Floors and the building walkabout applicability (issue 12).
export const ManageFloorsPage = lazyPage('ManageFloorsPage');
export const WalkaboutApplicabilityPage = lazyPage('WalkaboutApplicabilityPage');
// Issue 12: the building edit form.
export const BuildingFormPage = lazyPage('BuildingFormPage');
export const ManageLocationsPage = lazyPage('ManageLocationsPage');
// The overview dashboards (issue 13).
export const OrganizationOverviewPage = lazyPage('OrganizationOverviewPage');
export const BuildingOverviewPage = lazyPage('BuildingOverviewPage');
// Organization usage, import and export (issue 13).
export const UsagePage = lazyPage('UsagePage');
export const ImportPage = lazyPage('ImportPage');
export const ExportPage = lazyPage('ExportPage');
// Issue 13: types and tasks groups at organization level.
export const ManageTypesPage = lazyPage('ManageTypesPage');
export const ManageTaskGroupsPage = lazyPage('ManageTaskGroupsPage');
// Manage Tasks at organization level (issue 13).
export const ManageTasksPage = lazyPage('ManageTasksPage');
// Types and tasks at building level (issue 13).
export const BuildingTypesPage = lazyPage('BuildingTypesPage');
// Issue 14: regions, cycles and cycle overrides.
export const CyclesPage = lazyPage('CyclesPage');
export const CycleEditPage = lazyPage('CycleEditPage');
export const RegionsPage = lazyPage('RegionsPage');
export const RegionPage = lazyPage('RegionPage');
export const CycleOverridePage = lazyPage('CycleOverridePage');
// Users and roles (issue 14).
export const UsersPage = lazyPage('UsersPage');
export const UserPage = lazyPage('UserPage');
export const RolesPage = lazyPage('RolesPage');
export const RolePage = lazyPage('RolePage');
export const BuildingTasksPage = lazyPage('BuildingTasksPage');
// Report definitions and booklet templates administration (issue 14).
export const ReportDefinitionsPage = lazyPage('ReportDefinitionsPage');
export const ReportDefinitionPage = lazyPage('ReportDefinitionPage');
export const ReportBookletsPage = lazyPage('ReportBookletsPage');
export const ReportBookletPage = lazyPage('ReportBookletPage');
export const GlobalReportsPage = lazyPage('GlobalReportsPage');

/** The screens inside the shell, by path (React Router's patterns): AppRoutes renders them from this table. */
export const SHELL_ROUTES = [
  { path: '/buildings', screen: 'BuildingsPage', Screen: BuildingsPage },
  { path: '/buildings/:buildingId/walkabouts', screen: 'WalkaboutsPage', Screen: WalkaboutsPage },
  { path: '/buildings/:buildingId/locations/:locationId', screen: 'LocationPage', Screen: LocationPage },
  { path: '/q/:uuid', screen: 'LocationLinkPage', Screen: LocationLinkPage },
  { path: '/buildings/:buildingId/walkabouts/:walkaboutId', screen: 'WalkaboutEditPage', Screen: WalkaboutEditPage },
  { path: '/buildings/:buildingId/reports/groups', screen: 'ReportGroupsPage', Screen: ReportGroupsPage },
  { path: '/buildings/:buildingId/reports', screen: 'ReportsPage', Screen: ReportsPage },
  { path: '/buildings/:buildingId/historical-reports', screen: 'HistoricalReportsPage', Screen: HistoricalReportsPage },
  { path: '/buildings/:buildingId/reports/repair', screen: 'RepairReportPage', Screen: RepairReportPage },
  { path: '/buildings/:buildingId/on-demand-reports', screen: 'OnDemandReportsPage', Screen: OnDemandReportsPage },
  { path: '/reports/download', screen: 'ReportDownloadPage', Screen: ReportDownloadPage },
  { path: '/buildings/:buildingId/reports/summary/:reportId', screen: 'ReportShowPage', Screen: ReportShowPage },
  { path: '/buildings/:buildingId/reports/:cycleId', screen: 'ReportsByCyclePage', Screen: ReportsByCyclePage },
  { path: '/buildings/:buildingId/reports/:cycleId/:reportId', screen: 'ReportShowPage', Screen: ReportShowPage },
  { path: '/settings', screen: 'SettingsPage', Screen: SettingsPage },
  { path: '/settings/mail-outbox', screen: 'MailOutboxPage', Screen: MailOutboxPage },
  // Issue 14: the viewer's API tokens.
  { path: '/account/api-tokens', screen: 'ApiTokensPage', Screen: ApiTokensPage },
  // QR codes (issue 11).
  { path: '/buildings/:buildingId/locations', screen: 'QrCodesPage', Screen: QrCodesPage },
  { path: '/manage/organization/:organizationId/qrcodes', screen: 'UnassignedQrCodesPage', Screen: UnassignedQrCodesPage },
  { path: '/manage/organizations', screen: 'ManageOrganizationsPage', Screen: ManageOrganizationsPage },
  { path: '/buildings/:buildingId/document-categories', screen: 'DocumentCategoriesPage', Screen: DocumentCategoriesPage },
  { path: '/buildings/:buildingId/documents', screen: 'DocumentsPage', Screen: DocumentsPage },
  { path: '/buildings/:buildingId/documents/:documentId', screen: 'DocumentPage', Screen: DocumentPage },
  // Organization settings and the buildings list (issue 12).
  { path: '/manage/organization/:organizationId', screen: 'OrganizationSettingsPage', Screen: OrganizationSettingsPage },
  { path: '/manage/organization/:organizationId/buildings', screen: 'ManageBuildingsPage', Screen: ManageBuildingsPage },
  { path: '/manage/building/:buildingId', screen: 'BuildingSettingsPage', Screen: BuildingSettingsPage },
  // Floors and the building walkabout applicability (issue 12).
  { path: '/manage/building/:buildingId/floors', screen: 'ManageFloorsPage', Screen: ManageFloorsPage },
  { path: '/manage/organization/:organizationId/building/:buildingId/walkabout', screen: 'WalkaboutApplicabilityPage', Screen: WalkaboutApplicabilityPage },
  // Issue 12: the building edit form.
  { path: '/manage/organization/:organizationId/building/:buildingId', screen: 'BuildingFormPage', Screen: BuildingFormPage },
  { path: '/manage/building/:buildingId/locations', screen: 'ManageLocationsPage', Screen: ManageLocationsPage },
  // The overview dashboards (issue 13).
  { path: '/overview/organization', screen: 'OrganizationOverviewPage', Screen: OrganizationOverviewPage },
  { path: '/overview/building/:buildingId', screen: 'BuildingOverviewPage', Screen: BuildingOverviewPage },
  // Organization usage, import and export (issue 13).
  { path: '/manage/organization/:organizationId/usage', screen: 'UsagePage', Screen: UsagePage },
  { path: '/settings/import', screen: 'ImportPage', Screen: ImportPage },
  { path: '/settings/export', screen: 'ExportPage', Screen: ExportPage },
  { path: '/settings/export/buildings', screen: 'ExportPage', Screen: ExportPage },
  // Issue 13: types and tasks groups at organization level.
  { path: '/manage/organization/:organizationId/types', screen: 'ManageTypesPage', Screen: ManageTypesPage },
  { path: '/manage/organization/:organizationId/tasksgroups', screen: 'ManageTaskGroupsPage', Screen: ManageTaskGroupsPage },
  // Manage Tasks at organization level (issue 13).
  { path: '/manage/organization/:organizationId/tasks', screen: 'ManageTasksPage', Screen: ManageTasksPage },
  // Types and tasks at building level (issue 13).
  { path: '/manage/building/:buildingId/equipments', screen: 'BuildingTypesPage', Screen: BuildingTypesPage },
  { path: '/manage/building/:buildingId/tasks', screen: 'BuildingTasksPage', Screen: BuildingTasksPage },
  // Issue 14: regions, cycles and cycle overrides.
  { path: '/manage/organization/:organizationId/cycles', screen: 'CyclesPage', Screen: CyclesPage },
  { path: '/manage/cycles/:cycleId', screen: 'CycleEditPage', Screen: CycleEditPage },
  { path: '/manage/organization/:organizationId/regions', screen: 'RegionsPage', Screen: RegionsPage },
  { path: '/manage/organization/:organizationId/region/:regionId', screen: 'RegionPage', Screen: RegionPage },
  { path: '/manage/organization/:organizationId/region/:regionId/cycle-override/:cycleOverrideId', screen: 'CycleOverridePage', Screen: CycleOverridePage },
  // Users and roles (issue 14).
  { path: '/manage/organization/:organizationId/users', screen: 'UsersPage', Screen: UsersPage },
  { path: '/manage/organization/:organizationId/user/:userId', screen: 'UserPage', Screen: UserPage },
  { path: '/manage/organization/:organizationId/user-roles', screen: 'RolesPage', Screen: RolesPage },
  { path: '/manage/organization/:organizationId/user-roles/:userRoleId', screen: 'RolePage', Screen: RolePage },
  // Report definitions and booklet templates administration (issue 14).
  { path: '/manage/organization/:organizationId/reports', screen: 'ReportDefinitionsPage', Screen: ReportDefinitionsPage },
  { path: '/manage/organization/:organizationId/report/:reportDefinitionId', screen: 'ReportDefinitionPage', Screen: ReportDefinitionPage },
  { path: '/manage/organization/:organizationId/report-booklets', screen: 'ReportBookletsPage', Screen: ReportBookletsPage },
  { path: '/manage/organization/:organizationId/report-booklet/:reportBookletTemplateId', screen: 'ReportBookletPage', Screen: ReportBookletPage },
  { path: '/manage/organization/:organizationId/regions/all', screen: 'GlobalReportsPage', Screen: GlobalReportsPage },
  { path: '*', screen: 'NotFoundPage', Screen: NotFoundPage },
] as const satisfies ReadonlyArray<{ path: string; screen: keyof typeof loaders; Screen: ComponentType }>;

/**
 * At the start of a page load with a session, for a path behind sign-in: Apollo Client, the shell and the path's
 * screen are requested at once, in parallel, rather than each after the one that renders it (the gate, then the
 * shell, then the screen: three round trips before the screen's query on a slow network).
 */
export function preloadSignedInStart(pathname: string): void {
  const [match] = matchRoutes([...SHELL_ROUTES], pathname === '/' ? '/buildings' : pathname) ?? [];
  void preloadLazyPages(match ? ['Shell', match.route.screen] : ['Shell']);
  // Buildings' list is asked for earlier still, as the page starts (lib/apollo/earlyAnswer.ts, src/main.tsx).
}

/**
 * Fetches lazy screens, every one by default, and Apollo Client with them (ApolloGate), which every screen behind
 * sign-in needs. A failure is left for the screen's own loading to meet again.
 */
export function preloadLazyPages(names = Object.keys(loaders) as Array<keyof typeof loaders>): Promise<unknown> {
  return Promise.allSettled([loadApolloArea(), ...names.map((name) => loadPage(name))]);
}

/**
 * Loads every lazy screen (and Apollo Client), one at a time, each when the browser is idle: the offline warm-up's
 * last step (offlineCache.ts), so that no screen shows a loader later. One at a time, since each screen's chunk runs
 * when it arrives: all at once, they made one long task that blocked the page.
 */
export async function loadLazyPagesOneByOne(): Promise<void> {
  for (const load of [loadApolloArea, ...(Object.keys(loaders) as Array<keyof typeof loaders>).map((name) => () => loadPage(name))]) {
    await new Promise<void>((resolve) => whenIdle(resolve));
    await load().catch(() => undefined);
  }
}

/**
 * Called by /signin once it is interactive and the browser idle: Apollo Client, the shell and Buildings, where sign-in
 * leads, so that signing in shows the shell at once rather than a loader. Off sign-in's critical path; not the scanner
 * or the editor.
 */
export function preloadAfterSignIn(): void {
  whenIdle(() => void preloadLazyPages(['Shell', 'BuildingsPage']));
}

export function whenIdle(task: () => void): void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 3_000);
}
