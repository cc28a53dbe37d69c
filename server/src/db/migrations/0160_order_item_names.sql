-- Order titles are rendered in the reader's language from the order's item. A value-added
-- item made before it carried its service code and package name gets them from the catalogue
-- row it was bought from (catalogue rows are disabled, never deleted).
UPDATE orders o
SET item = o.item || jsonb_build_object('service', v.service, 'package_name', v.package_name)
FROM catalogue_value_added v
WHERE o.item ->> 'kind' = 'valueAdded'
  AND NOT (o.item ? 'service')
  AND v.package_pay_id = (o.item ->> 'package_pay_id')::bigint;
