import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';

/** Which factories the company overview covers (all by default; at least one). */
export function FactoryPicker({ factories, value, onChange }: { factories: Factory[]; value: string[]; onChange: (ids: string[] | null) => void }): ReactElement {
  const intl = useIntl();
  const all = value.length === factories.length;
  const summary = all
    ? intl.formatMessage({ id: 'overview.company.allFactories' })
    : value.length === 1
      ? factories.find((f) => f.id === value[0])?.name ?? ''
      : intl.formatMessage({ id: 'overview.company.factoriesSelected' }, { count: value.length });
  return (
    <Field label={intl.formatMessage({ id: 'overview.company.factories' })}>
      <Dropdown
        multiselect
        value={summary}
        selectedOptions={value}
        onOptionSelect={(_event, data) => {
          if (data.selectedOptions.length === 0) return;
          onChange(data.selectedOptions.length === factories.length ? null : data.selectedOptions);
        }}
      >
        {factories.map((factory) => (
          <Option key={factory.id} value={factory.id}>
            {factory.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
