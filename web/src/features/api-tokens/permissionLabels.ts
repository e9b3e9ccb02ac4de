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
  // handleUnavailableQRCodes reads 'handle unavailable QR codes', assignQrCode 'assign QR code'.
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bqr\b/g, 'QR');
  return `${GROUPS[group] ?? group}: ${words}`;
}

export function groupOf(name: string): string {
  return GROUPS[name.split('.')[0] ?? ''] ?? name;
}
