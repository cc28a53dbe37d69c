import type {
  TOpsCatalogue,
  TOpsPlatformUpdate,
  TOpsTopUpUpdate,
  TOpsValueAddedUpdate,
} from '@seller-centre/contract/ops';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { fenToYuan } from '../../platform/fen.ts';
import {
  readCatalogue,
  updatePlanPlatformPrice,
  updateTopUpAmount,
  updateValueAddedPackage,
} from './service.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';

/**
 * The catalogue as operators edit it: prices in yuan strings at this edge, fen in the catalogue
 * module (which owns the tables). Every change is audited with its before and after.
 */

type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;

function describe(catalogue: Catalogue): TOpsCatalogue {
  return {
    platforms: catalogue.platforms.map((p) => {
      const items = catalogue.planItems.filter((i) => i.ppi_id === p.ppi_id);
      return {
        ppi_id: p.ppi_id,
        system: p.system,
        platform: p.platform,
        shop_month_price: fenToYuan(p.shop_month_price_fen),
        enabled: p.enabled,
        shop_numbers: items.filter((i) => i.attribute_code === 'shop_number').map((i) => i.item_value),
        cycles: items
          .filter((i) => i.attribute_code === 'cycle')
          .map((i) => ({ months: i.item_value, price_percent: i.price_percent })),
      };
    }),
    value_added: catalogue.valueAdded.map((v) => ({
      package_pay_id: v.package_pay_id,
      category: v.category,
      service: v.service,
      package_name: v.package_name,
      price: fenToYuan(v.price_fen),
      retail_price: fenToYuan(v.retail_price_fen),
      default_company_only: v.default_company_only,
      enabled: v.enabled,
    })),
    top_ups: catalogue.topUps.map((t) => ({ id: t.id, amount: fenToYuan(t.amount_fen), enabled: t.enabled })),
  };
}

export async function readCatalogueForOperator(db: Db): Promise<TOpsCatalogue> {
  return describe(await readCatalogue(db));
}

export async function updatePlatform(db: Db, actor: OperatorContext, ppiId: number, input: TOpsPlatformUpdate) {
  return transaction(db, async (tx) => {
    const before = describe(await readCatalogue(tx)).platforms.find((p) => p.ppi_id === ppiId);
    await updatePlanPlatformPrice(tx, { ppi_id: ppiId, ...input });
    const catalogue = describe(await readCatalogue(tx));
    const after = catalogue.platforms.find((p) => p.ppi_id === ppiId)!;
    await writeOperatorAudit(tx, actor, {
      action: 'catalogue.platform',
      targetType: 'catalogue_platform',
      targetId: ppiId,
      tenantId: null,
      before: before && { shop_month_price: before.shop_month_price, enabled: before.enabled },
      after: { shop_month_price: after.shop_month_price, enabled: after.enabled },
    });
    return after;
  });
}

export async function updateValueAdded(
  db: Db,
  actor: OperatorContext,
  packagePayId: number,
  input: TOpsValueAddedUpdate,
) {
  return transaction(db, async (tx) => {
    const before = describe(await readCatalogue(tx)).value_added.find((v) => v.package_pay_id === packagePayId);
    await updateValueAddedPackage(tx, { package_pay_id: packagePayId, ...input });
    const after = describe(await readCatalogue(tx)).value_added.find((v) => v.package_pay_id === packagePayId)!;
    const summary = (v: typeof after) => ({ price: v.price, retail_price: v.retail_price, enabled: v.enabled });
    await writeOperatorAudit(tx, actor, {
      action: 'catalogue.value_added',
      targetType: 'catalogue_value_added',
      targetId: packagePayId,
      tenantId: null,
      before: before && summary(before),
      after: summary(after),
    });
    return after;
  });
}

export async function updateTopUp(db: Db, actor: OperatorContext, id: number, input: TOpsTopUpUpdate) {
  return transaction(db, async (tx) => {
    const before = describe(await readCatalogue(tx)).top_ups.find((t) => t.id === id);
    await updateTopUpAmount(tx, { id, ...input });
    const after = describe(await readCatalogue(tx)).top_ups.find((t) => t.id === id)!;
    await writeOperatorAudit(tx, actor, {
      action: 'catalogue.top_up',
      targetType: 'catalogue_top_up',
      targetId: id,
      tenantId: null,
      before,
      after,
    });
    return after;
  });
}
