#ifndef TRAKX_CPOSTGRES_SHIM_H
#define TRAKX_CPOSTGRES_SHIM_H

#include <libpq-fe.h>

/// The SQLSTATE of a failed result: PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static inline const char *_Nullable cpg_result_sqlstate(const PGresult *_Nonnull result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// Whether the connection is still usable: ConnStatusType's cases import, but one comparison here keeps them in C.
static inline int cpg_connection_ok(const PGconn *_Nonnull connection) {
    return PQstatus(connection) == CONNECTION_OK;
}

/// Whether a result is a success (rows or a finished command): the ExecStatusType comparison kept in C.
static inline int cpg_result_ok(const PGresult *_Nonnull result) {
    ExecStatusType status = PQresultStatus(result);
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

#endif
