import { Text } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { newProduct, type ProductDraft } from '../../model/configuration-draft';
import { validateProducts } from '../../model/configuration-problems';
import { ItemFrame, StepFrame, TextField, replaced, useShownProblems, useStepStyles, type ConfigurationStepProps } from './step-parts';

/** The step check the wizard calls before moving on: an empty result lets it go. */
export const validateProductsStep = validateProducts;

/** Products: SKU, name, and the ideal rate per hour on each unit that makes it (empty: not made there). */
export function ProductsStep({ draft, onChange, errors }: ConfigurationStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const { problem, leave } = useShownProblems(validateProducts(draft), errors);
  const products = draft.products;
  const [added, setAdded] = useState<string | null>(null);
  const change = (index: number, product: ProductDraft): void => onChange({ ...draft, products: replaced(products, index, product) });

  return (
    <StepFrame
      title={t('admin.config.products.title')}
      description={t('admin.config.products.description')}
      problem={problem('products')}
      empty={t('admin.config.products.empty')}
      addLabel={t('admin.config.products.add')}
      onAdd={() => {
        const product = newProduct();
        setAdded(product.row);
        onChange({ ...draft, products: [...products, product] });
      }}
      count={products.length}
    >
      {products.map((product, index) => {
        const path = (field: string): string => `products.${index}.${field}`;
        const legend = product.name.trim() || product.sku.trim() || t('admin.config.products.new');
        return (
          <ItemFrame key={product.row} legend={legend} problem={problem(`products.${index}`)} removeLabel={t('admin.config.products.remove', { name: legend })} onRemove={() => onChange({ ...draft, products: products.filter((_, i) => i !== index) })}>
            <div className={styles.row}>
              <TextField
                label={t('admin.config.products.sku')}
                required
                autoFocus={product.row === added}
                className={styles.wide}
                value={product.sku}
                problem={problem(path('sku'))}
                onValue={(sku) => change(index, { ...product, sku })}
                onLeave={() => leave(path('sku'))}
              />
              <TextField
                label={t('admin.config.field.name')}
                required
                className={styles.wide}
                value={product.name}
                problem={problem(path('name'))}
                onValue={(name) => change(index, { ...product, name })}
                onLeave={() => leave(path('name'))}
              />
            </div>
            {draft.production_units.length > 0 ? (
              <>
                <Text weight="semibold">{t('admin.config.products.rates')}</Text>
                <Text className={styles.note}>{t('admin.config.products.ratesHint')}</Text>
                <div className={styles.row}>
                  {draft.production_units.map((unit) => {
                    const ratePath = path(`ideal_rate_per_hour.${unit.row}`);
                    return (
                      <TextField
                        key={unit.row}
                        label={t('admin.config.products.rateOn', { unit: unit.name.trim() || unit.key })}
                        className={styles.narrow}
                        inputMode="decimal"
                        value={product.ideal_rate_per_hour[unit.row] ?? ''}
                        problem={problem(ratePath)}
                        onValue={(rate) => change(index, { ...product, ideal_rate_per_hour: { ...product.ideal_rate_per_hour, [unit.row]: rate } })}
                        onLeave={() => leave(ratePath)}
                      />
                    );
                  })}
                </div>
              </>
            ) : null}
          </ItemFrame>
        );
      })}
    </StepFrame>
  );
}
