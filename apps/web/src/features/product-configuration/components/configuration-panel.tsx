import { useId, type Ref } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  canAdjustSpecifications,
  FIELD_BY_NAME,
  hidesSpecifications,
  sortedLines,
  type Configuration,
  type FieldError,
  type PricedProduct,
  type Quote,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { formatAmount } from '@/lib/format-amount';
import { RegionSelect } from './region-select';
import { SpecificationSlider } from './specification-slider';
import { TimePeriodSelect } from './time-period-select';

type Props = {
  details: TGetVmProductDetailsResponse;
  product: PricedProduct;
  configuration: Configuration;
  onCountChange: (name: SpecificationName, value: number) => void;
  isProcessorLocked: boolean;
  timePeriod: number;
  onTimePeriodChange: (days: number) => void;
  regionID: number;
  onRegionChange: (regionID: number) => void;
  /** Buy Now's messages, by field (already translated). */
  fieldErrors: { region: string | null; timePeriod: string | null };
  /** The rules' objections to the counts (already translated). */
  configurationProblems: FieldError[];
  /** The bill shown, for each line's cost. */
  quote: Quote;
  currency: string;
  regionRef: Ref<HTMLSelectElement>;
  timePeriodRef: Ref<HTMLSelectElement>;
};

/** Region, Time Period and one slider per specification line, in `sequence` order. */
export function ConfigurationPanel({
  details,
  product,
  configuration,
  onCountChange,
  isProcessorLocked,
  timePeriod,
  onTimePeriodChange,
  regionID,
  onRegionChange,
  fieldErrors,
  configurationProblems,
  quote,
  currency,
  regionRef,
  timePeriodRef,
}: Props) {
  const { t, i18n } = useTranslation('products');
  const premiumNoteId = useId();
  const { VMProductDetail: vm } = details;
  const isHidden = hidesSpecifications(product.serviceType);
  const isAdjustable = canAdjustSpecifications(product);
  const costOf = (name: SpecificationName) => {
    const line = quote.lines.find((candidate) => candidate.item === name);
    return line ? formatAmount(line.price, currency, i18n.language) : '';
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="configuration-heading"
    >
      <Stack gap="lg">
        <Title order={2} id="configuration-heading" fz={{ base: 20, sm: 22 }}>
          {t('configuration.heading')}
        </Title>
        <RegionSelect
          ref={regionRef}
          productRegion={
            vm.regionID === null
              ? null
              : { ID: vm.regionID, name: vm.regionName ?? t('configuration.regionUnnamed') }
          }
          regions={details.regions}
          value={regionID}
          onChange={onRegionChange}
          error={fieldErrors.region}
        />
        <TimePeriodSelect
          ref={timePeriodRef}
          periods={details.timePeriod}
          value={timePeriod}
          onChange={onTimePeriodChange}
          error={fieldErrors.timePeriod}
        />
        {isHidden ? (
          <Text size="sm" c="dimmed" data-testid="specifications-fixed">
            {t('configuration.fixedNote')}
          </Text>
        ) : (
          <Stack gap="md" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={700} p={0} mb="xs">
              {t('configuration.specifications')}
            </Text>
            {!isAdjustable && (
              <Text id={premiumNoteId} size="sm" c="dimmed" data-testid="premium-note">
                {t('configuration.premiumNote')}
              </Text>
            )}
            {sortedLines(product).map((line) => {
              const isLockedProcessor =
                isAdjustable && line.specificationName === 'Processor' && isProcessorLocked;
              return (
                <SpecificationSlider
                  key={line.specificationName}
                  line={line}
                  value={configuration[FIELD_BY_NAME[line.specificationName]]}
                  onChange={(value) => onCountChange(line.specificationName, value)}
                  cost={costOf(line.specificationName)}
                  disabled={!isAdjustable || isLockedProcessor}
                  note={isLockedProcessor ? t('configuration.followsMemory') : null}
                  describedBy={isAdjustable ? undefined : premiumNoteId}
                />
              );
            })}
          </Stack>
        )}
        {configurationProblems.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap={4}>
              {configurationProblems.map((problem) => (
                <Text key={problem.field} size="sm">
                  {problem.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
