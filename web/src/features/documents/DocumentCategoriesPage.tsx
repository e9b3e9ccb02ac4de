import { Link, useParams } from 'react-router-dom';
import { Badge, Card, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentCategoriesPageQuery } from './DocumentCategoriesPage.generated';
import { IconChevronRight, IconFolder } from '../../ui/icons';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { ReportPage } from '../reports/ReportPage';
import classes from '../reports/reports.module.css';
import { ContractNotAccepted, isContractAccepted } from './DocumentStates';

/** The documents of one category, the categories screen's links. */
export function documentsPath(buildingId: string, category?: string | null): string {
  return `/buildings/${buildingId}/documents${category ? `?category=${encodeURIComponent(category)}` : ''}`;
}

/**
 * /buildings/{buildingId}/document-categories (inspection.md section 2, Documents): the seven categories in their
 * order, each with how many of the building's documents it holds and a link to them. The building card's Documents
 * link leads here. Until the building's contract is accepted the counts are withheld and the screen says why.
 */
export function DocumentCategoriesPage() {
  const { buildingId = '' } = useParams();
  const { data, loading, error, refetch } = useDocumentCategoriesPageQuery({ variables: { buildingId }, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const counts = building ? [...building.documentCategoryCounts].sort((a, b) => a.category.order - b.category.order) : [];

  return (
    <ReportPage title="Categories" back={{ label: 'Buildings', to: '/buildings' }} buildingName={building?.name}>
      {error && !data && <ReportsLoadError title="The document categories could not be loaded" onRetry={() => void refetch()} />}
      {loading && !data && <ReportsLoading label="Loading document categories" />}
      {data && !building && <NoSuchBuilding />}
      {building && !isContractAccepted(building) && <ContractNotAccepted building={building} />}
      {building && isContractAccepted(building) && (
        <ul className={classes.list} aria-label="Document categories">
          {counts.map(({ category, documentsCount }) => (
            <li key={category.id}>
              <Card withBorder radius="md" padding={0}>
                <Link to={documentsPath(buildingId, category.name)} className={classes.groupLink}>
                  <span style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
                    <IconFolder size={20} />
                    <Text component="span" fw={600} className={classes.reportName}>
                      {category.name}
                    </Text>
                  </span>
                  <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <Badge variant="light" color={documentsCount > 0 ? 'blue' : 'gray'}>
                      {documentsCount}
                      <VisuallyHidden> {documentsCount === 1 ? 'document' : 'documents'}</VisuallyHidden>
                    </Badge>
                    <IconChevronRight size={18} />
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ReportPage>
  );
}
