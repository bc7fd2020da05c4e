import nodemailer from 'nodemailer';
import webpush from 'web-push';
import type { ClavesVapid, ConfigNotificaciones } from '../../config.ts';

/** What a notification says, on any channel. */
export interface Mensaje {
  titulo: string;
  cuerpo: string;
  /** Screen it opens (push) or points to (e-mail). */
  url: string;
}

/** A delivery that failed; `permanente` when retrying cannot help (gone subscription, refused address). */
export class FallaEntrega extends Error {
  constructor(
    mensaje: string,
    readonly permanente: boolean,
  ) {
    super(mensaje);
  }
}

/** The sender port: one adapter per channel. `destino` is the channel's address. */
export interface Remitente {
  readonly canal: 'webpush' | 'correo';
  enviar(destino: string, m: Mensaje): Promise<void>;
}

/** A browser's push subscription as stored (PushSubscription.toJSON()). */
export interface Suscripcion {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Web Push: the payload encrypted for the browser (RFC 8291, aes128gcm) and signed with our
 * VAPID key (RFC 8292) by the `web-push` library, then posted to the browser's push service.
 */
export class RemitenteWebPush implements Remitente {
  readonly canal = 'webpush';
  constructor(
    private readonly c: ConfigNotificaciones,
    private readonly claves: () => Promise<ClavesVapid>,
    private readonly timeoutMs = 10_000,
  ) {}

  async enviar(destino: string, m: Mensaje): Promise<void> {
    const s = JSON.parse(destino) as Suscripcion;
    const pedido = webpush.generateRequestDetails(s, JSON.stringify(m), {
      vapidDetails: { ...(await this.claves()), subject: this.c.vapidSubject },
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    let r: Response;
    try {
      r = await fetch(pedido.endpoint, {
        method: pedido.method,
        headers: pedido.headers as Record<string, string>,
        body: pedido.body ?? null,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      throw new FallaEntrega(`push: ${e instanceof Error ? e.message : String(e)}`, false);
    }
    await r.body?.cancel().catch(() => undefined);
    // 404/410: the subscription is gone (the browser unsubscribed); other 4xx will not change.
    if (r.status === 404 || r.status === 410) throw new FallaEntrega(`push: http ${r.status}`, true);
    if (r.status >= 400 && r.status < 500 && r.status !== 429)
      throw new FallaEntrega(`push: http ${r.status}`, true);
    if (!r.ok) throw new FallaEntrega(`push: http ${r.status}`, false);
  }
}

/** E-mail through the SMTP server of the environment (nodemailer). */
export class RemitenteCorreo implements Remitente {
  readonly canal = 'correo';
  private readonly transporte;
  constructor(private readonly smtp: NonNullable<ConfigNotificaciones['smtp']>) {
    this.transporte = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async enviar(destino: string, m: Mensaje): Promise<void> {
    try {
      await this.transporte.sendMail({
        from: this.smtp.from,
        to: destino,
        subject: m.titulo,
        text: m.cuerpo,
      });
    } catch (e) {
      const codigo = (e as { responseCode?: number }).responseCode ?? 0;
      throw new FallaEntrega(`correo: ${e instanceof Error ? e.message : String(e)}`, codigo >= 500);
    }
  }

  cerrar() {
    this.transporte.close();
  }
}
