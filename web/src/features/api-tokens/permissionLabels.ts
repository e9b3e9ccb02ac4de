/** A role permission `group.key` as people read it: 'Buildings: view', 'Users: update password'. */
const GROUPS: Record<string, string> = {
  buildingPermissions: 'Buildings',
  fireWatchPermissions: 'Fire watch',
  organizationPermissions: 'Organization',
  automaticReportEmailsPermissions: 'Automatic report e-mails',
  reportPermissions: 'Reports',
  failureReportPermissions: 'Failure reports',
  locationPermissions: 'Locations',
  rolePermissions: 'Roles',
  walkaboutPermissions: 'Walkabouts',
  userPermissions: 'Users',
};

export function permissionLabel(name: string): string {
  const [group = '', key = ''] = name.split('.');
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/QR Codes/i, 'QR codes').toLowerCase().replace(/qr/g, 'QR');
  return `${GROUPS[group] ?? group}: ${words}`;
}

export function groupOf(name: string): string {
  return GROUPS[name.split('.')[0] ?? ''] ?? name;
}
