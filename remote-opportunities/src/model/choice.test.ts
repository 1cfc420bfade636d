import { testFactory } from '@linepulse/shared/testing';
import { choiceFromSearch, withChoice } from './choice';

const lyon = testFactory();
const paris = testFactory({ id: 'f-paris', name: 'Paris', production_units: [{ id: 'pu-9', name: 'Line 9', converted_unit_name: null, packages: null }] });
const factories = [lyon, paris];

describe('the choice in the URL', () => {
  it('keeps only the user’s own factory and one of its lines', () => {
    expect(choiceFromSearch(new URLSearchParams('factoryId=f-lyon&productionUnitId=pu-2'), factories)).toEqual({ factoryId: 'f-lyon', productionUnitId: 'pu-2', downtimeReasonId: null });
    // A line of another factory, or a factory the user does not have, is dropped.
    expect(choiceFromSearch(new URLSearchParams('factoryId=f-lyon&productionUnitId=pu-9'), factories).productionUnitId).toBeNull();
    expect(choiceFromSearch(new URLSearchParams('factoryId=f-elsewhere&productionUnitId=pu-1'), factories)).toEqual({ factoryId: null, productionUnitId: null, downtimeReasonId: null });
  });

  it('keeps a reason while the factory’s reasons load, then only one of them', () => {
    const search = new URLSearchParams('factoryId=f-lyon&productionUnitId=pu-1&downtimeReasonId=r-1');
    expect(choiceFromSearch(search, factories).downtimeReasonId).toBe('r-1');
    expect(choiceFromSearch(search, factories, ['r-1', 'r-2']).downtimeReasonId).toBe('r-1');
    expect(choiceFromSearch(search, factories, ['r-2']).downtimeReasonId).toBeNull();
  });

  it('writes a new choice, clearing the line and reason of another factory and keeping other parameters', () => {
    const search = new URLSearchParams('factoryId=f-lyon&productionUnitId=pu-1&downtimeReasonId=r-1&tab=x');
    const current = choiceFromSearch(search, factories);
    expect(withChoice(search, current, { factoryId: 'f-paris' }).toString()).toBe('factoryId=f-paris&tab=x');
    expect(withChoice(search, current, { productionUnitId: 'pu-2' }).toString()).toBe('factoryId=f-lyon&productionUnitId=pu-2&downtimeReasonId=r-1&tab=x');
    expect(withChoice(search, current, { downtimeReasonId: null }).toString()).toBe('factoryId=f-lyon&productionUnitId=pu-1&tab=x');
  });
});
