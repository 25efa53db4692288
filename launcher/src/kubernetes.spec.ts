import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parseAllDocuments } from 'yaml';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { DOOR_PATHS } from '@wfm/access-daemon/server';
import { MAX_UPLOAD_BYTES } from '@wfm/api/modules/esign/signatures/esign.schemas';
import { RESUME_MAX_BYTES } from '@wfm/api/modules/careers/page/careers-page.service';
import { LOGO_MAX_BYTES } from '@wfm/api/modules/organization/branding/branding.service';
import { API_PREFIX } from '@wfm/api/http/api-prefix';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const K8S = 'deploy/k8s';

/** The Kubernetes 1.27 schema of each kind the manifests use (kubernetes-models' compiled validators). */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Container {
  name: string;
  image: string;
  ports: Array<{ name: string; containerPort: number }>;
  env?: Array<{ name: string; value: string }>;
  envFrom: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe: { httpGet?: { path: string; port: string }; tcpSocket?: { port: string } };
  livenessProbe: { httpGet?: { path: string; port: string }; tcpSocket?: { port: string } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations: Record<string, string> };
  spec: { containers: Container[] };
}

function load(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(root(`${K8S}/${file}`), 'utf8')).map((d) => d.toJS() as Manifest);
}

const files = readdirSync(root(K8S)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const all = files.flatMap((file) => load(file).map((m) => ({ file, m })));
const find = (kind: string, name: string) => {
  const found = all.find(({ m }) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found.m;
};
const workloads = all.map(({ m }) => m).filter((m) => m.kind === 'Deployment' || m.kind === 'StatefulSet');
const template = (m: Manifest) => m.spec!.template as PodTemplate;
const config = find('ConfigMap', 'wfm-config').data!;

/** The variables docs/configuration.md documents: any other name a manifest sets is a typo or a setting no app reads. */
const documented = new Set([...readFileSync(root('docs/configuration.md'), 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!));

/** nginx's and the ingress controller's sizes ("11m") in bytes. */
const bytes = (size: string) => Number(/^(\d+)m$/.exec(size)![1]) * 1024 * 1024;
const largestUpload = Math.max(MAX_UPLOAD_BYTES, RESUME_MAX_BYTES, LOGO_MAX_BYTES);

describe('the Kubernetes manifests (deploy/k8s)', () => {
  it('every object is valid against the Kubernetes schema of its kind', () => {
    expect(all.length).to.be.greaterThan(10);
    for (const { file, m } of all) {
      const Model = MODELS[`${m.apiVersion}/${m.kind}`];
      expect(Model, `${file}: ${m.apiVersion} ${m.kind} has no schema here`).to.not.equal(undefined);
      expect(() => new Model!(m as never).validate(), `${file}: ${m.kind} ${m.metadata.name}`).to.not.throw();
    }
  });

  it('a schema error is caught (the check can fail)', () => {
    const broken = structuredClone(find('Deployment', 'api'));
    (template(broken).spec.containers[0]!.ports[0] as { containerPort: unknown }).containerPort = 'http';
    expect(() => new Deployment(broken as never).validate()).to.throw(/containerPort must be integer/);
  });

  it('the kustomization applies every manifest but the Secret example, and names the image the containers use', () => {
    const k = load('kustomization.yaml')[0] as unknown as { resources: string[]; images: Array<{ name: string }> };
    expect([...k.resources].sort()).to.deep.equal(files.filter((f) => f !== 'secret.example.yaml').sort());
    for (const w of workloads) for (const c of template(w).spec.containers) expect(c.image, w.metadata.name).to.equal(k.images[0]!.name);
  });

  it('sets only variables the apps read, and the example Secret holds what the apps require', () => {
    const secret = find('Secret', 'wfm-secrets').stringData!;
    const names = [...Object.keys(config), ...Object.keys(secret), ...workloads.flatMap((w) => template(w).spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.name)))];
    expect(names.filter((n) => !documented.has(n))).to.deep.equal([]);
    for (const required of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'DATA_ENCRYPTION_KEY']) expect(secret).to.have.property(required);
    for (const w of workloads) {
      for (const c of template(w).spec.containers) {
        expect(c.envFrom, w.metadata.name).to.deep.equal([{ configMapRef: { name: 'wfm-config' } }, { secretRef: { name: 'wfm-secrets' } }]);
      }
    }
  });

  it('each app listens where its settings say, is probed and scraped there, and its Service, budget and autoscaler find its pods', () => {
    const env = (w: Manifest, name: string) => template(w).spec.containers[0]!.env?.find((e) => e.name === name)?.value ?? config[name];
    const expected: Record<string, { http?: string; metrics: string }> = {
      api: { http: env(find('Deployment', 'api'), 'PORT'), metrics: config.API_METRICS_PORT! },
      'webhook-worker': { metrics: config.WEBHOOK_METRICS_PORT! },
      'access-daemon': { http: env(find('StatefulSet', 'access-daemon'), 'ACCESS_DAEMON_PORT'), metrics: config.ACCESS_METRICS_PORT! },
    };
    expect(workloads.map((w) => w.metadata.name).sort()).to.deep.equal(Object.keys(expected).sort());
    for (const w of workloads) {
      const t = template(w);
      const c = t.spec.containers[0]!;
      const ports = Object.fromEntries(c.ports.map((p) => [p.name, String(p.containerPort)]));
      const want = expected[w.metadata.name]!;
      expect(ports, w.metadata.name).to.deep.equal(want.http ? { http: want.http, metrics: want.metrics } : { metrics: want.metrics });
      expect(t.metadata.annotations['prometheus.io/port'], w.metadata.name).to.equal(want.metrics);
      for (const probe of [c.readinessProbe, c.livenessProbe]) expect(ports, w.metadata.name).to.have.property((probe.httpGet ?? probe.tcpSocket)!.port);
      expect((w.spec!.selector as { matchLabels: Record<string, string> }).matchLabels).to.deep.equal(t.metadata.labels);
      const budget = find('PodDisruptionBudget', w.metadata.name).spec as { selector: { matchLabels: Record<string, string> } };
      expect(budget.selector.matchLabels).to.deep.equal(t.metadata.labels);
      if (want.http) {
        const service = find('Service', w.metadata.name).spec as { selector: Record<string, string>; ports: Array<{ targetPort: string }> };
        expect(service.selector).to.deep.equal(t.metadata.labels);
        expect(service.ports.map((p) => p.targetPort)).to.deep.equal(['http']);
      }
    }
    expect(template(find('Deployment', 'api')).spec.containers[0]!.readinessProbe.httpGet!.path).to.equal(`${API_PREFIX}/status`);
    expect(template(find('StatefulSet', 'access-daemon')).spec.containers[0]!.readinessProbe.httpGet!.path).to.equal('/health');
    expect((find('HorizontalPodAutoscaler', 'api').spec as { scaleTargetRef: unknown }).scaleTargetRef).to.deep.equal({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' });
    expect(config.ACCESS_DAEMON_URL).to.equal(`http://access-daemon:${expected['access-daemon']!.http}`);
  });

  it('each access daemon keeps its journal on a volume of its own, at the spool path it is given', () => {
    const daemon = find('StatefulSet', 'access-daemon');
    const claims = (daemon.spec!.volumeClaimTemplates as Array<{ metadata: { name: string } }>).map((v) => v.metadata.name);
    const c = template(daemon).spec.containers[0]! as Container & { volumeMounts: Array<{ name: string; mountPath: string }> };
    const spool = c.volumeMounts.find((v) => claims.includes(v.name))!;
    expect(c.env!.find((e) => e.name === 'ACCESS_AUDIT_SPOOL_PATH')!.value.startsWith(`${spool.mountPath}/`)).to.equal(true);
  });

  it('the ingress sends the door routes to the daemons and the rest to the API, and takes the largest upload', () => {
    const ingress = find('Ingress', 'wfm');
    const paths = (ingress.spec as { rules: Array<{ http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> } }> }).rules[0]!.http.paths;
    expect(paths.map((p) => [p.path, p.pathType, p.backend.service.name])).to.deep.equal([...DOOR_PATHS.map((d) => [`${API_PREFIX}${d}`, 'Exact', 'access-daemon']), ['/', 'Prefix', 'api']]);
    const size = ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-body-size']!;
    expect(bytes(size)).to.be.greaterThan(largestUpload);
  });

  it('the compose gateway takes the largest upload too, and compresses text', () => {
    const nginx = readFileSync(root('deploy/nginx.conf'), 'utf8');
    expect(bytes(/client_max_body_size (\d+m);/.exec(nginx)![1]!)).to.be.greaterThan(largestUpload);
    expect(nginx).to.match(/^\s*gzip on;$/m).and.match(/gzip_types [^;]*application\/json/);
  });
});
