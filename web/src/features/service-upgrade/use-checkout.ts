import { couponFitsService } from '@seller-centre/contract/coupons';
import { couponSystemFor, PAY_TYPES } from '@seller-centre/contract/orders';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_SUCCESS_EVENT } from '../../shared/pay-events.ts';
import { usePermission } from '../../shared/permission.ts';
import {
  BILLS_QUERY_ROOT,
  COUPONS_QUERY_ROOT,
  PACKAGE_QUERY_ROOT,
  SYSTEM_MENU_QUERY_ROOT,
} from '../../shared/query-keys.ts';
import { availableCouponsQuery, checkOrderPaid, generateOrder, type CouponUseType, type OrderRequest } from './api.ts';
import { PAY_SUCCESS_SECONDS } from './payment-polling.ts';
import { usePayFlow } from './use-pay-flow.ts';

/** What a tab offers to buy once the buyer has chosen. */
export type Purchase = {
  /** Identifies the choice, so that changing it while paying can be noticed. */
  key: string;
  /** What the summary and the payment dialog name. */
  item: string;
  /** The server's price in yuan, when the tab knows it. */
  price?: string;
  /** The order to generate, without the coupon (the checkout adds it). */
  order: OrderRequest;
  /** A value-added package's coupon service (`use_type_value`); null or absent for other purchases. */
  couponService?: number | null;
};

type Options = {
  /** The chosen item; undefined when nothing (or nothing valid) is chosen yet. */
  purchase: Purchase | undefined;
  /** Coupons of this use type are offered (1 packages, 2 software top-up, 3 top-up). */
  couponUseType: CouponUseType;
  /** Why the current entry cannot be bought (a message key), e.g. a custom amount under 50. */
  invalid?: string;
};

export type Checkout = ReturnType<typeof useCheckout>;

/**
 * The end of every service-upgrade tab (docs/product.md): a coupon, the payment terms
 * (starting ticked), the pay method, and the payment dialog with its QR code and polling. Changing
 * the choice while a pay method is chosen asks first, then regenerates the order.
 */
export function useCheckout({ purchase, couponUseType, invalid }: Options) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [chosenCouponId, setCouponId] = useState<number>();
  const [termsAccepted, setTermsAccepted] = useState(true);
  const [payMethod, setPayMethod] = useState<'alipay'>();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The plans offered here are the ERP's; another system's service is the selection product's.
  const couponSystem = couponSystemFor(purchase?.order.pay_type ?? PAY_TYPES.plan);
  const couponsOfSystem = useQuery(availableCouponsQuery(couponUseType, couponSystem));
  // Only coupons for the chosen package's service (the server checks the same rule).
  const fitting = couponsOfSystem.data?.filter((c) => couponFitsService(c, purchase?.couponService ?? null));
  // A chosen coupon that the current choice is not offered (another system's or service's) counts as none.
  const couponId = fitting?.some((c) => c.id === chosenCouponId) ? chosenCouponId : undefined;
  const buy = usePermission(PERMISSIONS.serviceUpgrade.buyPackage);

  const onPaid = useCallback(() => {
    void message.success({ content: t('service-upgrade.messages.paySuccess'), duration: PAY_SUCCESS_SECONDS });
    setCouponId(undefined);
    setPayMethod(undefined);
    // The coupon is used, the package longer, the bill a row longer.
    void queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: PACKAGE_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: SYSTEM_MENU_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: BILLS_QUERY_ROOT });
    window.dispatchEvent(new Event(PAY_SUCCESS_EVENT));
  }, [message, queryClient, t]);

  const pay = usePayFlow({
    check: (order, signal) => checkOrderPaid(purchase?.order.pay_type ?? 1, order.order_code, signal),
    onPaid,
    watching: dialogOpen,
  });

  // The paid state stays on the code for the same 5 s as the message, then the dialog closes.
  const paid = pay.flow.status === 'paid';
  const { reset } = pay;
  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => {
      setDialogOpen(false);
      reset();
    }, PAY_SUCCESS_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [paid, reset]);

  // The code on show, unless paid: a new order replaces it, and the server closes it (its coupon
  // freed for the new one, the old code no longer payable).
  const shownOrder = 'order' in pay.flow && pay.flow.status !== 'paid' ? pay.flow.order.order_code : undefined;
  const generate = useCallback(
    (chosen: Purchase, coupon: number | undefined) => {
      setDialogOpen(true);
      void pay
        .start(() =>
          generateOrder({
            ...chosen.order,
            coupon_id: coupon,
            ...(shownOrder ? { replaces_order_code: shownOrder } : {}),
          }),
        )
        .then((ok) => {
          if (!ok) {
            setDialogOpen(false);
            setPayMethod(undefined);
          }
        });
    },
    [pay, shownOrder],
  );

  /** The buyer picks the pay method: check the choice and the terms, then show the code. */
  const choosePayMethod = () => {
    // Paying is button 257 (buy): without it the contract's no-permission message, not a failing call.
    if (!buy.allowed) {
      buy.guard(() => undefined);
      return;
    }
    if (!purchase) {
      void message.warning(t(invalid ?? 'service-upgrade.messages.choosePackageFirst'));
      return;
    }
    if (!termsAccepted) {
      void message.warning(t('service-upgrade.messages.tickTerms'));
      return;
    }
    setPayMethod('alipay');
    generate(purchase, couponId);
  };

  // After a confirmed switch, the order is generated again for the new choice.
  const regenerateFrom = useRef<string | undefined>(undefined);
  const purchaseKey = purchase ? `${purchase.key}|${couponId ?? ''}` : undefined;
  useEffect(() => {
    if (regenerateFrom.current === undefined || !purchase) return;
    if (purchaseKey === regenerateFrom.current) return;
    regenerateFrom.current = undefined;
    generate(purchase, couponId);
  }, [purchaseKey, purchase, couponId, generate]);

  /**
   * Runs a change of the choice (package, amount, coupon): at once when no pay method is chosen,
   * else after the buyer confirms that the order will be generated again.
   */
  const guard = (apply: () => void, revert?: () => void) => {
    if (!payMethod || pay.flow.status === 'idle') {
      apply();
      return;
    }
    modal.confirm({
      title: t('service-upgrade.switch.title'),
      content: t('service-upgrade.switch.content'),
      okText: t('service-upgrade.switch.ok'),
      cancelText: t('service-upgrade.switch.cancel'),
      okButtonProps: { 'data-testid': 'switch-confirm-ok' } as ButtonProps,
      onOk: () => {
        regenerateFrom.current = purchaseKey;
        apply();
      },
      onCancel: revert,
    });
  };

  return {
    purchase,
    invalid,
    coupons: fitting ?? [],
    couponsLoading: couponsOfSystem.isPending,
    couponId,
    setCouponId: (id: number | undefined) => guard(() => setCouponId(id)),
    termsAccepted,
    setTermsAccepted,
    payMethod,
    choosePayMethod,
    reopen: () => setDialogOpen(true),
    dialogOpen,
    closeDialog: () => setDialogOpen(false),
    flow: pay.flow,
    retry: pay.retry,
    regenerate: () => purchase && generate(purchase, couponId),
    guard,
  };
}
