import { AREA_CODES, DEFAULT_AREA } from '@seller-centre/contract/auth';
import {
  EMPLOYEE_NAME_MAX,
  EMPLOYEE_PASSWORD_MAX,
  SYSTEM_LIST_VALUES,
  type TSubAccount,
} from '@seller-centre/contract/employees';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Col, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api-client.ts';
import { lettersOrDigitsRule, visibleTextRule } from '../../../shared/name-rule.ts';
import { PHONE_INPUT_MAX, phoneRule } from '../../../shared/phone-rule.ts';
import {
  groupShopsByPlatform,
  isValidEmployeePassword,
  toShopAuth,
  toWarehouseAuth,
  type ChoiceGroup,
} from '../account-rules.ts';
import {
  platformsQuery,
  roleChoicesQuery,
  shopGroupQuery,
  useCreateAccount,
  useUpdateAccount,
  warehousesQuery,
} from '../api.ts';
import { GroupedChecklist } from './grouped-checklist.tsx';

type Props = {
  /** The account being edited; none to create one. */
  account?: TSubAccount;
  onClose: () => void;
};

type Values = {
  user_name: string;
  area: string;
  phone_number: string;
  password: string;
  auth_role_id?: number;
  system_list: number[];
  shop_type: 1 | 2;
  shop_ids: number[];
  warehouse_type: 1 | 2;
  warehouse_ids: number[];
};

/** Create or edit an employee account (docs/product.md). */
export function AccountFormDialog({ account, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editing = Boolean(account);
  const [form] = Form.useForm<Values>();
  const shopType = Form.useWatch('shop_type', form);
  const warehouseType = Form.useWatch('warehouse_type', form);

  const roles = useQuery(roleChoicesQuery());
  const shopGroup = useQuery({ ...shopGroupQuery(), enabled: !editing });
  const platforms = useQuery({ ...platformsQuery(), enabled: !editing });
  const warehouses = useQuery({ ...warehousesQuery(), enabled: !editing });
  const create = useCreateAccount();
  const update = useUpdateAccount();

  const shopGroups = useMemo(
    () => (shopGroup.data ? groupShopsByPlatform(shopGroup.data, platforms.data ?? []) : []),
    [shopGroup.data, platforms.data],
  );
  const warehouseGroups = useMemo<ChoiceGroup[]>(
    () => [{ key: 'all', label: '', items: (warehouses.data ?? []).map((w) => ({ id: w.id, name: w.name })) }],
    [warehouses.data],
  );

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.id,
    label: role.status === 1 ? role.name : `${role.name} (${t('employees.form.roleDisabled')})`,
    // A disabled role cannot be given; an account that already holds one keeps showing it.
    disabled: role.status !== 1,
  }));

  const onSuccess = () => {
    message.success(t(editing ? 'employees.messages.updated' : 'employees.messages.created'));
    onClose();
  };
  const onError = (error: Error) => message.warning((error as ApiError).msg ?? error.message);

  const submit = async () => {
    const v = await form.validateFields();
    if (account) {
      update.mutate(
        { user_id: account.user_id, auth_role_id: v.auth_role_id!, system_list: v.system_list },
        { onSuccess, onError },
      );
      return;
    }
    create.mutate(
      {
        user_name: v.user_name.trim(),
        area: v.area as (typeof AREA_CODES)[number],
        phone_number: v.phone_number.trim(),
        password: v.password,
        auth_role_id: v.auth_role_id!,
        system_list: v.system_list,
        shop_auth: toShopAuth(v.shop_type, v.shop_ids ?? [], shopGroups),
        warehouse_auth: toWarehouseAuth(v.warehouse_type, v.warehouse_ids ?? []),
      },
      { onSuccess, onError },
    );
  };

  const initialValues: Partial<Values> = account
    ? {
        user_name: account.user_name,
        area: account.area || DEFAULT_AREA,
        phone_number: account.user_mobile,
        password: '••••••••',
        auth_role_id: account.auth_role_id ?? undefined,
        system_list: account.system_list.length ? account.system_list : [...SYSTEM_LIST_VALUES],
      }
    : {
        area: DEFAULT_AREA,
        system_list: [...SYSTEM_LIST_VALUES],
        shop_type: 1,
        shop_ids: [],
        warehouse_type: 1,
        warehouse_ids: [],
      };

  return (
    <Modal
      open
      width={760}
      title={t(editing ? 'employees.form.editTitle' : 'employees.form.createTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('employees.actions.confirm')}
      cancelText={t('employees.actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'account-form-submit' }}
      modalRender={(node) => <div data-testid="account-form-dialog">{node}</div>}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} autoComplete="off">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="user_name"
              label={t('employees.fields.userName')}
              rules={
                editing
                  ? []
                  : [
                      { required: true, whitespace: true, message: t('employees.form.pleaseInput') },
                      visibleTextRule(t('common.hiddenCharacters')),
                      { max: EMPLOYEE_NAME_MAX, message: t('employees.form.tooLong', { max: EMPLOYEE_NAME_MAX }) },
                      lettersOrDigitsRule(t('employees.form.nameFormat')),
                    ]
              }
            >
              <Input
                maxLength={EMPLOYEE_NAME_MAX}
                showCount={!editing}
                readOnly={editing}
                disabled={editing}
                placeholder={t('employees.form.userNamePlaceholder')}
                data-testid="account-form-name"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('employees.fields.phone')} required={!editing}>
              <Space.Compact block>
                <Form.Item name="area" noStyle>
                  <Select
                    style={{ width: 110 }}
                    disabled={editing}
                    aria-label={t('employees.fields.area')}
                    options={AREA_CODES.map((code) => ({ value: code, label: `+${code}` }))}
                    data-testid="account-form-area"
                  />
                </Form.Item>
                <Form.Item
                  name="phone_number"
                  noStyle
                  rules={
                    editing
                      ? []
                      : [
                          { required: true, message: t('employees.form.phoneRequired') },
                          phoneRule(t('employees.form.phoneFormat')),
                        ]
                  }
                >
                  <Input
                    readOnly={editing}
                    disabled={editing}
                    inputMode="tel"
                    maxLength={PHONE_INPUT_MAX}
                    aria-label={t('employees.fields.phone')}
                    placeholder={t('employees.form.phonePlaceholder')}
                    data-testid="account-form-phone"
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="password"
              label={t('employees.fields.password')}
              extra={editing ? t('employees.form.passwordEditHint') : t('employees.form.passwordHint')}
              rules={
                editing
                  ? []
                  : [
                      { required: true, message: t('employees.form.passwordRequired') },
                      {
                        validator: (_, value: string | undefined) =>
                          !value || isValidEmployeePassword(value)
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('employees.form.passwordFormat'))),
                      },
                    ]
              }
            >
              {editing ? (
                <Input readOnly disabled data-testid="account-form-password" />
              ) : (
                <Input.Password
                  maxLength={EMPLOYEE_PASSWORD_MAX}
                  autoComplete="new-password"
                  placeholder={t('employees.form.passwordPlaceholder')}
                  data-testid="account-form-password"
                />
              )}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="auth_role_id"
              label={t('employees.fields.role')}
              rules={[{ required: true, message: t('employees.form.roleRequired') }]}
            >
              <Select
                loading={roles.isPending}
                options={roleOptions}
                placeholder={t('employees.form.rolePlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="account-form-role"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="system_list" label={t('employees.fields.systemList')}>
          <Checkbox.Group
            options={SYSTEM_LIST_VALUES.map((value) => ({ value, label: t(`employees.systems.${value}`) }))}
            data-testid="account-form-systems"
          />
        </Form.Item>

        {editing ? null : (
          <>
            <Form.Item name="shop_type" label={t('employees.fields.shopScope')}>
              <Radio.Group data-testid="account-form-shop-type">
                <Radio value={1} data-testid="account-form-shop-type-1">
                  {t('employees.scope.allShops')}
                </Radio>
                <Radio value={2} data-testid="account-form-shop-type-2">
                  {t('employees.scope.selectedShops')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            {shopType === 2 ? (
              <Form.Item
                name="shop_ids"
                rules={[
                  {
                    validator: (_, value: number[] | undefined) =>
                      value?.length ? Promise.resolve() : Promise.reject(new Error(t('employees.form.atLeastOneShop'))),
                  },
                ]}
              >
                <GroupedChecklist groups={shopGroups} loading={shopGroup.isPending} testId="shop-picker" />
              </Form.Item>
            ) : null}
            <Form.Item name="warehouse_type" label={t('employees.fields.warehouseScope')}>
              <Radio.Group data-testid="account-form-warehouse-type">
                <Radio value={1} data-testid="account-form-warehouse-type-1">
                  {t('employees.scope.allWarehouses')}
                </Radio>
                <Radio value={2} data-testid="account-form-warehouse-type-2">
                  {t('employees.scope.selectedWarehouses')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            {warehouseType === 2 ? (
              <Form.Item
                name="warehouse_ids"
                rules={[
                  {
                    validator: (_, value: number[] | undefined) =>
                      value?.length
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('employees.form.atLeastOneWarehouse'))),
                  },
                ]}
              >
                <GroupedChecklist groups={warehouseGroups} loading={warehouses.isPending} testId="warehouse-picker" />
              </Form.Item>
            ) : null}
          </>
        )}
      </Form>
    </Modal>
  );
}
