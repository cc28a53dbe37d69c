import type { TRole, TRoleMenuNode } from '@seller-centre/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Modal, Spin, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api-client.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { roleFunctionMenuQuery, useSaveRoleFunctionMenu } from '../api.ts';
import {
  buildPermissionModel,
  checkAllState,
  countChosen,
  isNodeLocked,
  toFunctionMenuIds,
  toggleAll,
  toggleNode,
  type PermissionModel,
} from '../permission-tree.ts';
import styles from './role-permission-dialog.module.css';

type Props = { role: TRole; onClose: () => void };

/** docs/product.md: the permission settings dialog, 1200px wide. */
export function RolePermissionDialog({ role, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(roleFunctionMenuQuery(role.id, language));

  return (
    <Modal
      open
      width={1200}
      title={t('roles.permissions.title', { name: role.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      modalRender={(node) => <div data-testid="role-permission-dialog">{node}</div>}
      styles={{ body: { minHeight: 420 } }}
    >
      {query.isPending ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('roles.permissions.loadFailed')} />
      ) : (
        <PermissionEditor key={query.dataUpdatedAt} role={role} tree={query.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function PermissionEditor({ role, tree, onClose }: { role: TRole; tree: TRoleMenuNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const model = useMemo(() => buildPermissionModel(tree), [tree]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(model.initial);
  const save = useSaveRoleFunctionMenu();

  const onNode = (id: number, checked: boolean) => setSelected((s) => toggleNode(model, s, id, checked));
  const onAll = (id: number, checked: boolean) => setSelected((s) => toggleAll(model, s, id, checked));

  const submit = () =>
    save.mutate(
      { id: role.id, function_menu_ids: toFunctionMenuIds(selected) },
      {
        onSuccess: () => {
          message.success(t('roles.messages.permissionsSaved'));
          onClose();
        },
        onError: (error) => message.warning((error as ApiError).msg ?? String(error)),
      },
    );

  if (!tree.length) return <Empty />;

  const ctx: NodeContext = { model, selected, onNode, onAll, t };
  return (
    <>
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('roles.permissions.hint')}
      </Typography.Paragraph>
      <Tabs
        items={tree.map((tab) => {
          const { chosen, total } = countChosen(model, selected, tab.id);
          return {
            key: String(tab.id),
            label: (
              <span data-testid={`perm-tab-${tab.id}`}>
                {tab.name}
                <span className={styles.count}>
                  {chosen}/{total}
                </span>
              </span>
            ),
            children: <TabPane tab={tab} ctx={ctx} />,
          };
        })}
      />
      <div className={styles.footer}>
        <Button onClick={onClose}>{t('roles.actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="role-permission-save">
          {t('roles.actions.save')}
        </Button>
      </div>
    </>
  );
}

type NodeContext = {
  model: PermissionModel;
  selected: ReadonlySet<number>;
  onNode: (id: number, checked: boolean) => void;
  onAll: (id: number, checked: boolean) => void;
  t: (key: string) => string;
};

function NodeBox({ node, ctx, strong }: { node: TRoleMenuNode; ctx: NodeContext; strong?: boolean }) {
  return (
    <Checkbox
      checked={ctx.selected.has(node.id)}
      disabled={isNodeLocked(node)}
      onChange={(e) => ctx.onNode(node.id, e.target.checked)}
      data-testid={`perm-node-${node.id}`}
    >
      <span className={strong ? styles.strong : undefined}>{node.name}</span>
    </Checkbox>
  );
}

function CheckAllBox({ node, ctx }: { node: TRoleMenuNode; ctx: NodeContext }) {
  const state = checkAllState(ctx.model, ctx.selected, node.id);
  return (
    <Checkbox
      checked={state.checked}
      indeterminate={state.indeterminate}
      disabled={state.disabled}
      onChange={(e) => ctx.onAll(node.id, e.target.checked)}
      data-testid={`perm-all-${node.id}`}
    >
      {ctx.t('roles.permissions.checkAll')}
    </Checkbox>
  );
}

function TabPane({ tab, ctx }: { tab: TRoleMenuNode; ctx: NodeContext }) {
  // Tab 2 (ERP) has one more level: groups of services (docs/product.md).
  const grouped = tab.child_list.some((c) => c.kind === 'group');
  return (
    <div className={styles.pane} data-testid={`perm-pane-${tab.id}`}>
      <div className={styles.paneHeader}>
        <NodeBox node={tab} ctx={ctx} strong />
        <CheckAllBox node={tab} ctx={ctx} />
      </div>
      {grouped ? (
        tab.child_list.map((group) => (
          <section key={group.id} className={styles.group}>
            <div className={styles.groupHeader}>
              <NodeBox node={group} ctx={ctx} strong />
              <CheckAllBox node={group} ctx={ctx} />
            </div>
            <ServiceRows services={group.child_list} ctx={ctx} />
          </section>
        ))
      ) : (
        <ServiceRows services={tab.child_list} ctx={ctx} />
      )}
    </div>
  );
}

function ServiceRows({ services, ctx }: { services: TRoleMenuNode[]; ctx: NodeContext }) {
  return (
    <div className={styles.table} role="table">
      <div className={styles.headRow} role="row">
        <div role="columnheader">{ctx.t('roles.permissions.columns.service')}</div>
        <div role="columnheader">{ctx.t('roles.permissions.columns.pages')}</div>
        <div role="columnheader" className={styles.allCell}>
          {ctx.t('roles.permissions.columns.all')}
        </div>
      </div>
      {services.map((service) => (
        <div key={service.id} className={styles.row} role="row">
          <div className={styles.serviceCell} role="cell">
            <NodeBox node={service} ctx={ctx} strong />
          </div>
          <div className={styles.pagesCell} role="cell">
            {service.child_list.length ? (
              service.child_list.map((page) => (
                <div key={page.id} className={styles.page}>
                  <div className={styles.pageName}>
                    <NodeBox node={page} ctx={ctx} />
                  </div>
                  {page.child_list.length ? (
                    <div className={styles.buttons}>
                      {page.child_list.map((button) => (
                        <NodeBox key={button.id} node={button} ctx={ctx} />
                      ))}
                    </div>
                  ) : null}
                </div>
              ))
            ) : (
              <Typography.Text type="secondary">{ctx.t('roles.permissions.noPages')}</Typography.Text>
            )}
          </div>
          <div className={styles.allCell} role="cell">
            <CheckAllBox node={service} ctx={ctx} />
          </div>
        </div>
      ))}
    </div>
  );
}
