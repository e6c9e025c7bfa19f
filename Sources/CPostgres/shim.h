#ifndef TRAKX_CPOSTGRES_SHIM_H
#define TRAKX_CPOSTGRES_SHIM_H

#include <libpq-fe.h>

#endif
